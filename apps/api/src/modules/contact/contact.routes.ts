import { cfaContactResponse } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setMailContact } from '../mail/mail.service.ts';
import { cfaContactOf } from './contact.service.ts';

/**
 * How to reach the CFA (issue 9). Public: the error pages show it to visitors, and it holds the office's own address,
 * phone and hours, no personal data. The same contact closes every mail.
 */
export default async function contactRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const contact = cfaContactOf(app.config);
  setMailContact(contact);

  app.get('/public/contact', { schema: { response: { 200: cfaContactResponse } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return contact;
  });
}
