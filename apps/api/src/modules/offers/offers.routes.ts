import { fileParams, offersQuery, offersResponse } from '@passerelle/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../plugins/openapi.ts';
import { findOffers, getOfferLogo } from './offers.service.ts';

export default async function offersRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admissibles/portal/offers',
    {
      onRequest: app.requireUserType('admissible'),
      schema: { querystring: offersQuery, response: { 200: offersResponse } },
    },
    async (request) => findOffers(app.db, request.query),
  );

  // Public: the logo is an <img>, which carries no bearer token; its id is a random UUID.
  const logoSchema = { params: fileParams, response: { 200: fileResponse('image/*', "The company's logo") } };
  app.withTypeProvider<ZodTypeProvider>().get('/offers/logos/:id', { schema: logoSchema }, async (request, reply) => {
    const logo = await getOfferLogo(app.db, app.storage, request.params.id);
    return (
      reply
        .type(logo.contentType)
        .header('Cache-Control', 'public, max-age=604800, immutable')
        // An SVG opened on its own runs nothing: no script, no outside request.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength))
    );
  });
}
