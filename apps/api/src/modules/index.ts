import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Every API module, mounted under /api. One line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(import('./health/health.routes.ts'));
  await app.register(import('./auth/auth.routes.ts'));
  await app.register(import('./users/users.routes.ts'));
  await app.register(import('./files/files.routes.ts'));
  await app.register(import('./dossiers/dossiers.routes.ts'));
  await app.register(formModules);
  await app.register(import('./workshops/workshops.routes.ts'));
  await app.register(import('./tracking/tracking.routes.ts'));
  await app.register(import('./staff/staff.routes.ts'));
  await app.register(import('./employers/employers.routes.ts'));
  await app.register(import('./lookups/lookups.routes.ts'));
  await app.register(import('./contact/contact.routes.ts'));
  await app.register(import('./survey/survey.routes.ts'));
  await app.register(import('./staff-accounts/staff-accounts.routes.ts'));
  await app.register(import('./settings/settings.routes.ts'));
  await app.register(import('./formations/formations.routes.ts'));
  await app.register(import('./exports/exports.routes.ts'));
}

/**
 * The modules that take forms, over the one @fastify/multipart: lib/multipart-file.ts reads every form, each route
 * giving its own limits (these stand for a reader that gave none). Registered here rather than for the whole app: the
 * plugin adds two asynchronous hooks to every request of its scope, which the other routes (users/me among them,
 * decision 0029) need not pay. An oversized file is flagged rather than thrown, so that the service refuses it under
 * its field.
 */
async function formModules(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: 1024 * 1024, files: 1, fields: 2, parts: 3 } });
  await app.register(import('./offers/offers.routes.ts'));
  await app.register(import('./portal/portal.routes.ts'));
  await app.register(import('./sheets/sheets.routes.ts'));
  await app.register(import('./applicants/applicants.routes.ts'));
  await app.register(import('./signature-flow/signature-flow.routes.ts'));
  await app.register(import('./content/content.routes.ts'));
  await app.register(import('./lookups/reference-tables.routes.ts'));
}
