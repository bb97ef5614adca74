import { settings } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { refreshMailContact } from '../contact/contact.service.ts';
import { cfaSettingsResponseOf, saveCfaIdentity } from './settings.service.ts';

function signedInId(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}

/** The back office's settings (issue 28): the CFA's identity. Admins only; staff get 403 like applicants and employers. */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('admin');

  registerRoute(app, settings.cfa, { onRequest }, async () => cfaSettingsResponseOf(app.db, app.config));
  registerRoute(app, settings.saveCfa, { onRequest }, async (request) => {
    await saveCfaIdentity(app.db, app.config, request.body, signedInId(request));
    // This process's mails take the new contact now; the others within their refresh (MAIL_CONTACT_TTL_MS).
    await refreshMailContact(app.db, app.config);
    return cfaSettingsResponseOf(app.db, app.config);
  });
}
