import { OFFER_IMPORT_MAX_BYTES, type Language } from '@passerelle/contract';
import { offers } from '@passerelle/contract/routes';
import { messageLanguage } from '@passerelle/contract/rules/zod-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { readFilePart } from '../../lib/multipart-file.ts';
import { registerRoute } from '../../lib/route.ts';
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

export default async function offersRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, offers.search, { onRequest: app.requireUserType('admissible') }, async (request) =>
    findOffers(app.db, request.query),
  );

  // Public: the logo is an <img>, which carries no bearer token; its id is a random UUID.
  registerRoute(app, offers.logo, {}, async (request, reply) => {
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

  registerRoute(app, offers.staffList, { onRequest }, async (request) => findStaffOffers(app.db, request.query));
  registerRoute(app, offers.create, { onRequest }, async (request, reply) =>
    reply.status(201).send({ offer: await createStaffOffer(app.db, request.body) }),
  );
  registerRoute(app, offers.update, { onRequest }, async (request) => ({
    offer: await updateStaffOffer(app.db, request.params.id, request.body),
  }));
  registerRoute(app, offers.delete, { onRequest }, async (request, reply) => {
    await deleteStaffOffer(app.db, request.params.id);
    return reply.status(204).send();
  });
  // Expiry is its own action rather than a field of PUT: one click on the list, and an edit never revives an offer.
  registerRoute(app, offers.expire, { onRequest }, async (request) => ({
    offer: await setStaffOfferExpired(app.db, request.params.id, true),
  }));
  registerRoute(app, offers.restore, { onRequest }, async (request) => ({
    offer: await setStaffOfferExpired(app.db, request.params.id, false),
  }));
  registerRoute(app, offers.import, { onRequest }, async (request) => {
    const header = request.headers['accept-language'];
    if (!request.user) throw new AppError('UNAUTHORIZED');
    const lang = header ? messageLanguage(header) : await languageOf(app.db, request.user);
    const bytes = await readCsvPart(request, lang);
    return importOffers(app.db, { bytes, dryRun: request.query.dryRun === 'true', lang });
  });
}
