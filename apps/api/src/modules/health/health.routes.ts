import { health } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';

/** For a load balancer or a monitor: 200 while the database answers (one `select 1`), else 503. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, health.check, { logLevel: 'warn' }, async (_request, reply) => {
    if (await app.database.ping()) return reply.status(200).send({ status: 'ok' });
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ code: 'SERVICE_UNAVAILABLE', message: 'Database not answering' });
  });
}
