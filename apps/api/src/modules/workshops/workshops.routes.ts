import {
  deleteWorkshopResponse,
  idParams,
  registerAtelierResponse,
  staffWorkshopParams,
  staffWorkshopResponse,
  staffWorkshopsResponse,
  workshopBody,
  workshopRegistrantsResponse,
} from '@passerelle/contract';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { languageOf } from '../applicants/applicants.service.ts';
import {
  createStaffWorkshop,
  deleteStaffWorkshop,
  findStaffWorkshops,
  listRegistrants,
  toggleRegistration,
  updateStaffWorkshop,
} from './workshops.service.ts';

export default async function workshopsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/admissibles/portal/registerAtelier/:id',
    {
      onRequest: app.requireUserType('admissible'),
      schema: { params: idParams, response: { 200: registerAtelierResponse } },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      return toggleRegistration(app.db, request.user.id, request.params.id);
    },
  );

  // ---------- Back office (issue 12): staff and admins ----------
  const onRequest = app.requireUserType('staff', 'admin');
  app.get('/staff/workshops', { onRequest, schema: { response: { 200: staffWorkshopsResponse } } }, async () => ({
    workshops: await findStaffWorkshops(app.db),
  }));
  app.post(
    '/staff/workshops',
    { onRequest, schema: { body: workshopBody, response: { 201: staffWorkshopResponse } } },
    async (request, reply) => reply.status(201).send({ workshop: await createStaffWorkshop(app.db, request.body) }),
  );
  app.put(
    '/staff/workshops/:id',
    {
      onRequest,
      schema: { params: staffWorkshopParams, body: workshopBody, response: { 200: staffWorkshopResponse } },
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED');
      // The quota's refusal counts the registrants, so it is worded here, in the screen's language.
      const header = request.headers['accept-language'];
      const lang = header ? messageLanguage(header) : await languageOf(app.db, request.user);
      return { workshop: await updateStaffWorkshop(app.db, request.params.id, request.body, lang) };
    },
  );
  app.delete(
    '/staff/workshops/:id',
    { onRequest, schema: { params: staffWorkshopParams, response: { 200: deleteWorkshopResponse } } },
    async (request) => deleteStaffWorkshop(app.db, request.params.id),
  );
  app.get(
    '/staff/workshops/:id/registrants',
    { onRequest, schema: { params: staffWorkshopParams, response: { 200: workshopRegistrantsResponse } } },
    async (request) => ({ registrants: await listRegistrants(app.db, request.params.id) }),
  );
}
