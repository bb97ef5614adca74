import { workshops } from '@passerelle/contract/routes';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { languageOf } from '../applicants/applicants.service.ts';
import {
  createStaffWorkshop,
  deleteStaffWorkshop,
  findStaffWorkshops,
  listRegistrants,
  toggleRegistration,
  updateStaffWorkshop,
} from './workshops.service.ts';

export default async function workshopsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, workshops.toggleRegistration, { onRequest: app.requireUserType('admissible') }, async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    return toggleRegistration(app.db, request.user.id, request.params.id);
  });

  // ---------- Back office (issue 12): staff and admins ----------
  const onRequest = app.requireUserType('staff', 'admin');
  registerRoute(app, workshops.staffList, { onRequest }, async () => ({ workshops: await findStaffWorkshops(app.db) }));
  registerRoute(app, workshops.create, { onRequest }, async (request, reply) =>
    reply.status(201).send({ workshop: await createStaffWorkshop(app.db, request.body) }),
  );
  registerRoute(app, workshops.update, { onRequest }, async (request) => {
    if (!request.user) throw new AppError('UNAUTHORIZED');
    // The quota's refusal counts the registrants, so it is worded here, in the screen's language.
    const header = request.headers['accept-language'];
    const lang = header ? messageLanguage(header) : await languageOf(app.db, request.user);
    return { workshop: await updateStaffWorkshop(app.db, request.params.id, request.body, lang) };
  });
  registerRoute(app, workshops.delete, { onRequest }, async (request) => deleteStaffWorkshop(app.db, app.config, request.params.id));
  registerRoute(app, workshops.registrants, { onRequest }, async (request) => ({
    registrants: await listRegistrants(app.db, request.params.id),
  }));
}
