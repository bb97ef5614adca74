import { contact } from '@passerelle/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import { setMailContact } from '../mail/mail.service.ts';
import { cfaContactOf } from './contact.service.ts';

/**
 * How to reach the CFA (issue 9). Public: the error pages show it to visitors, and it holds the office's own address,
 * phone and hours, no personal data. The same contact closes every mail.
 */
export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  const cfaContact = cfaContactOf(app.config);
  setMailContact(cfaContact);

  registerRoute(app, contact.cfa, {}, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return cfaContact;
  });
}
