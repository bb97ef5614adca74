import { staffAccounts } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import {
  deactivateStaffAccount,
  findStaffAccounts,
  getStaffAccount,
  inviteStaff,
  reactivateStaffAccount,
} from './staff-accounts.service.ts';

function signedInId(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}

/** The back-office accounts (issue 12): admins only; staff get 403 like applicants and employers. */
export default async function staffAccountsRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('admin');
  const tokens = { forget: app.forgetSession };

  registerRoute(app, staffAccounts.list, { onRequest }, async (request) => ({
    accounts: await findStaffAccounts(app.db, signedInId(request)),
  }));
  registerRoute(app, staffAccounts.invite, { onRequest }, async (request, reply) => {
    const me = signedInId(request);
    const { id, created } = await inviteStaff(app.db, app.config, { ...request.body, invitedBy: me }, tokens);
    return reply.status(created ? 201 : 200).send({ account: await getStaffAccount(app.db, id, me), created });
  });
  registerRoute(app, staffAccounts.deactivate, { onRequest }, async (request) => ({
    account: await deactivateStaffAccount(app.db, tokens, request.params.id, signedInId(request)),
  }));
  registerRoute(app, staffAccounts.reactivate, { onRequest }, async (request) => ({
    account: await reactivateStaffAccount(app.db, request.params.id, signedInId(request)),
  }));
}
