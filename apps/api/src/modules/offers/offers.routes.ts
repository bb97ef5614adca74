import {
  fileParams,
  OFFER_IMPORT_MAX_BYTES,
  offerBody,
  offerImportQuery,
  offerImportResponse,
  offersQuery,
  offersResponse,
  staffOfferParams,
  staffOfferResponse,
  staffOffersQuery,
  staffOffersResponse,
  type Language,
} from '@passerelle/contract';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readFilePart } from '../../lib/multipart-file.ts';
import { fileResponse, formFile } from '@passerelle/contract';
import { languageOf } from '../applicants/applicants.service.ts';
import { importOffers } from './offers-import.ts';
import {
  createStaffOffer,
  deleteStaffOffer,
  findOffers,
  findStaffOffers,
  getOfferLogo,
  setStaffOfferExpired,
  updateStaffOffer,
} from './offers.service.ts';

const importForm = z.object({
  file: formFile(
    `A CSV file of offers (UTF-8 or Windows-1252, commas or semicolons), ${OFFER_IMPORT_MAX_BYTES / 1024 / 1024} MB at most`,
  ),
});

const importFormLimits = { fileSize: OFFER_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 };

/** The `file` part's bytes, refused in the person's words when missing or over the limit. */
function readCsvPart(request: FastifyRequest, lang: Language): Promise<Uint8Array> {
  const en = lang === 'en-US';
  const megabytes = OFFER_IMPORT_MAX_BYTES / 1024 / 1024;
  return readFilePart(request, importFormLimits, {
    missing: en ? 'Choose a CSV file to import.' : 'Choisissez un fichier CSV à importer.',
    tooLarge: en
      ? `The file is over ${megabytes} MB: split it into smaller files.`
      : `Le fichier dépasse ${megabytes} Mo : découpez-le en fichiers plus petits.`,
  });
}

export default async function offersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admissibles/portal/offers',
    {
      onRequest: app.requireUserType('admissible'),
      schema: { querystring: offersQuery, response: { 200: offersResponse } },
    },
    async (request) => findOffers(app.db, request.query),
  );

  // Public: the logo is an <img>, which carries no bearer token; its id is a random UUID.
  const logoSchema = { params: fileParams, response: { 200: fileResponse('image/*', "The company's logo") } };
  app.get('/offers/logos/:id', { schema: logoSchema }, async (request, reply) => {
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

  // ---------- Back office (issue 12): staff and admins ----------
  const onRequest = app.requireUserType('staff', 'admin');

  app.get(
    '/staff/offers',
    { onRequest, schema: { querystring: staffOffersQuery, response: { 200: staffOffersResponse } } },
    async (request) => findStaffOffers(app.db, request.query),
  );
  app.post(
    '/staff/offers',
    { onRequest, schema: { body: offerBody, response: { 201: staffOfferResponse } } },
    async (request, reply) => reply.status(201).send({ offer: await createStaffOffer(app.db, request.body) }),
  );
  app.put(
    '/staff/offers/:id',
    { onRequest, schema: { params: staffOfferParams, body: offerBody, response: { 200: staffOfferResponse } } },
    async (request) => ({ offer: await updateStaffOffer(app.db, request.params.id, request.body) }),
  );
  app.delete(
    '/staff/offers/:id',
    { onRequest, schema: { params: staffOfferParams, response: { 204: z.undefined().describe('Deleted') } } },
    async (request, reply) => {
      await deleteStaffOffer(app.db, request.params.id);
      return reply.status(204).send();
    },
  );
  // Expiry is its own action rather than a field of PUT: one click on the list, and an edit never revives an offer.
  app.post(
    '/staff/offers/:id/expire',
    { onRequest, schema: { params: staffOfferParams, response: { 200: staffOfferResponse } } },
    async (request) => ({ offer: await setStaffOfferExpired(app.db, request.params.id, true) }),
  );
  app.post(
    '/staff/offers/:id/restore',
    { onRequest, schema: { params: staffOfferParams, response: { 200: staffOfferResponse } } },
    async (request) => ({ offer: await setStaffOfferExpired(app.db, request.params.id, false) }),
  );
  app.post(
    '/staff/offers/import',
    {
      onRequest,
      schema: {
        querystring: offerImportQuery,
        openapi: { multipart: importForm },
        response: { 200: offerImportResponse },
      },
    },
    async (request) => {
      const header = request.headers['accept-language'];
      if (!request.user) throw new AppError('UNAUTHORIZED');
      const lang = header ? messageLanguage(header) : await languageOf(app.db, request.user);
      const bytes = await readCsvPart(request, lang);
      return importOffers(app.db, { bytes, dryRun: request.query.dryRun === 'true', lang });
    },
  );
}
