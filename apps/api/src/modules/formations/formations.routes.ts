import { formations } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import {
  createFormation,
  createSchool,
  findStaffFormations,
  findStaffSchools,
  updateStaffFormation,
  updateStaffSchool,
} from './formations.service.ts';

/** Formations and schools as data (issue 12), for staff and admins. */
export default async function formationsRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('staff', 'admin');

  registerRoute(app, formations.list, { onRequest }, async () => ({ formations: await findStaffFormations(app.db) }));
  registerRoute(app, formations.create, { onRequest }, async (request, reply) =>
    reply.status(201).send({ formation: await createFormation(app.db, request.body) }),
  );
  registerRoute(app, formations.update, { onRequest }, async (request) => ({
    formation: await updateStaffFormation(app.db, request.params.id, request.body),
  }));

  registerRoute(app, formations.schools, { onRequest }, async () => ({ schools: await findStaffSchools(app.db) }));
  registerRoute(app, formations.createSchool, { onRequest }, async (request, reply) =>
    reply.status(201).send({ school: await createSchool(app.db, request.body) }),
  );
  registerRoute(app, formations.updateSchool, { onRequest }, async (request) => ({
    school: await updateStaffSchool(app.db, request.params.id, request.body),
  }));
}
