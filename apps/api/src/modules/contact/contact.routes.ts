import { contact } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import { currentContact, keepMailContactFresh } from './contact.service.ts';

/**
 * How to reach the CFA (issue 9). Public: the error pages show it to visitors, and it holds the office's own address,
 * phone and hours, no personal data. The same contact closes every mail. Read from the settings an admin saves (issue
 * 28), the environment's CFA_CONTACT_* while none are saved.
 */
export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  await keepMailContactFresh(app);

  registerRoute(app, contact.cfa, {}, async (_request, reply) => {
    // A minute in the browsers' caches: a change in the settings shows on the error pages soon after.
    void reply.header('cache-control', 'public, max-age=60');
    return currentContact(app.db, app.config);
  });
}
