import {
  formationBody,
  schoolBody,
  staffFormationParams,
  staffFormationResponse,
  staffFormationsResponse,
  staffSchoolParams,
  staffSchoolResponse,
  staffSchoolsResponse,
} from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createFormation,
  createSchool,
  findStaffFormations,
  findStaffSchools,
  updateStaffFormation,
  updateStaffSchool,
} from './formations.service.ts';

/** Formations and schools as data (issue 12), for staff and admins. */
export default async function formationsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('staff', 'admin');

  app.get('/staff/formations', { onRequest, schema: { response: { 200: staffFormationsResponse } } }, async () => ({
    formations: await findStaffFormations(app.db),
  }));
  app.post(
    '/staff/formations',
    { onRequest, schema: { body: formationBody, response: { 201: staffFormationResponse } } },
    async (request, reply) => reply.status(201).send({ formation: await createFormation(app.db, request.body) }),
  );
  app.put(
    '/staff/formations/:id',
    { onRequest, schema: { params: staffFormationParams, body: formationBody, response: { 200: staffFormationResponse } } },
    async (request) => ({ formation: await updateStaffFormation(app.db, request.params.id, request.body) }),
  );

  app.get('/staff/schools', { onRequest, schema: { response: { 200: staffSchoolsResponse } } }, async () => ({
    schools: await findStaffSchools(app.db),
  }));
  app.post(
    '/staff/schools',
    { onRequest, schema: { body: schoolBody, response: { 201: staffSchoolResponse } } },
    async (request, reply) => reply.status(201).send({ school: await createSchool(app.db, request.body) }),
  );
  app.put(
    '/staff/schools/:id',
    { onRequest, schema: { params: staffSchoolParams, body: schoolBody, response: { 200: staffSchoolResponse } } },
    async (request) => ({ school: await updateStaffSchool(app.db, request.params.id, request.body) }),
  );
}
