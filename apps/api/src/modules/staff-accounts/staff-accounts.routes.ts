import {
  inviteStaffBody,
  inviteStaffResponse,
  staffAccountParams,
  staffAccountResponse,
  staffAccountsResponse,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
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
export default async function staffAccountsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('admin');
  const tokens = { forget: app.forgetSession };

  app.get('/staff/accounts', { onRequest, schema: { response: { 200: staffAccountsResponse } } }, async (request) => ({
    accounts: await findStaffAccounts(app.db, signedInId(request)),
  }));

  app.post(
    '/staff/accounts',
    { onRequest, schema: { body: inviteStaffBody, response: { 200: inviteStaffResponse, 201: inviteStaffResponse } } },
    async (request, reply) => {
      const me = signedInId(request);
      const { id, created } = await inviteStaff(app.db, app.config, { ...request.body, invitedBy: me });
      return reply.status(created ? 201 : 200).send({ account: await getStaffAccount(app.db, id, me), created });
    },
  );

  app.post(
    '/staff/accounts/:id/deactivate',
    { onRequest, schema: { params: staffAccountParams, response: { 200: staffAccountResponse } } },
    async (request) => ({
      account: await deactivateStaffAccount(app.db, tokens, request.params.id, signedInId(request)),
    }),
  );

  app.post(
    '/staff/accounts/:id/reactivate',
    { onRequest, schema: { params: staffAccountParams, response: { 200: staffAccountResponse } } },
    async (request) => ({ account: await reactivateStaffAccount(app.db, request.params.id, signedInId(request)) }),
  );
}
