import { PARTNER_LOGO_MAX_BYTES, PUBLIC_FILE_MAX_BYTES } from '@passerelle/contract';
import { content } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { createUploadGuard } from '../../db/upload-guard.ts';
import { readForm } from '../../lib/multipart-file.ts';
import {
  addPublicFile,
  createPartner,
  deleteStaffPartner,
  deleteStaffPublicFile,
  findStaffPartners,
  findStaffPublicFiles,
  getStaffCmsSection,
  getStaffForum,
  orderPartners,
  orderPublicFiles,
  renameStaffPublicFile,
  saveStaffCmsSection,
  saveStaffForum,
  updateStaffPartner,
  uploadPartnerLogo,
  type ReceivedFile,
} from './content.service.ts';

function staffId(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user.id;
}

/** One `file` part and a short name; the logos' own, smaller, limit is checked by the service. */
const fileFormLimits = { fileSize: PUBLIC_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 };

/** Reads a form of one `file` part and short text fields; an oversized file is cut and flagged, then refused by the service. */
async function readFileForm(
  request: FastifyRequest,
): Promise<{ file: ReceivedFile | undefined; fields: Record<string, string> }> {
  const form = await readForm(request, fileFormLimits);
  return { file: form.files.find((file) => file.field === 'file'), fields: form.fields };
}

/**
 * The applicant portal's content, written in the back office (issue 12, decision 0023): the feed's sections, the
 * home's public files, the partners and the forum invitation. Staff and admins only.
 */
export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('staff', 'admin');
  const uploads = { db: app.db, storage: app.storage, guard: createUploadGuard(app.config, app.log) };

  registerRoute(app, content.cmsSection, { onRequest }, async (request) =>
    getStaffCmsSection(app.db, request.params.section, request.query.lang),
  );
  registerRoute(app, content.saveCmsSection, { onRequest }, async (request) =>
    saveStaffCmsSection(app.db, request.params.section, request.query.lang, request.body),
  );

  registerRoute(app, content.publicFiles, { onRequest }, async () => ({ files: await findStaffPublicFiles(app.db) }));
  registerRoute(app, content.addPublicFile, { onRequest }, async (request, reply) => {
    const form = await readFileForm(request);
    const file = await addPublicFile(uploads, staffId(request), form.file, form.fields['name']);
    return reply.status(201).send({ file });
  });
  registerRoute(app, content.orderPublicFiles, { onRequest }, async (request) => ({
    files: await orderPublicFiles(app.db, request.body.ids),
  }));
  registerRoute(app, content.renamePublicFile, { onRequest }, async (request) => ({
    file: await renameStaffPublicFile(app.db, request.params.id, request.body.name),
  }));
  registerRoute(app, content.deletePublicFile, { onRequest }, async (request, reply) => {
    await deleteStaffPublicFile(uploads, request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, content.partners, { onRequest }, async () => ({ partners: await findStaffPartners(app.db) }));
  registerRoute(app, content.uploadPartnerLogo, { onRequest }, async (request, reply) => {
    const form = await readFileForm(request);
    // The form's limit is the public files' one; a logo has its own, smaller, checked by the service.
    if (form.file && form.file.bytes.byteLength > PARTNER_LOGO_MAX_BYTES) form.file.truncated = true;
    return reply.status(201).send({ logo: await uploadPartnerLogo(uploads, staffId(request), form.file) });
  });
  registerRoute(app, content.createPartner, { onRequest }, async (request, reply) =>
    reply.status(201).send({ partner: await createPartner(app.db, request.body) }),
  );
  registerRoute(app, content.orderPartners, { onRequest }, async (request) => ({
    partners: await orderPartners(app.db, request.body.ids),
  }));
  registerRoute(app, content.updatePartner, { onRequest }, async (request) => ({
    partner: await updateStaffPartner(app.db, request.params.id, request.body),
  }));
  registerRoute(app, content.deletePartner, { onRequest }, async (request, reply) => {
    await deleteStaffPartner(app.db, request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, content.forum, { onRequest }, async () => getStaffForum(app.db));
  registerRoute(app, content.saveForum, { onRequest }, async (request) => saveStaffForum(app.db, request.body));
}
