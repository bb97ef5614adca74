import {
  contentItemParams,
  contentOrderBody,
  forumBody,
  PARTNER_LOGO_MAX_BYTES,
  partnerBody,
  partnerLogoResponse,
  PUBLIC_FILE_MAX_BYTES,
  renamePublicFileBody,
  staffCmsBody,
  staffCmsParams,
  staffCmsQuery,
  staffCmsSection,
  staffForumResponse,
  staffPartnerResponse,
  staffPartnersResponse,
  staffPublicFileResponse,
  staffPublicFilesResponse,
} from '@passerelle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readForm } from '../../lib/multipart-file.ts';
import { formFile } from '@passerelle/contract';
import { createUploadGuard } from '../../db/upload-guard.ts';
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

const publicFileForm = z.object({
  file: formFile('PDF, PNG or JPEG; 10 MB at most'),
  name: z
    .string()
    .max(150)
    .optional()
    .describe('The name shown to applicants; the file name without extension by default'),
});
const logoForm = z.object({ file: formFile('PNG or JPEG; 1 MB at most') });
const deleted = z.undefined().describe('Deleted');

/**
 * The applicant portal's content, written in the back office (issue 12, decision 0023): the feed's sections, the
 * home's public files, the partners and the forum invitation. Staff and admins only.
 */
export default async function contentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUserType('staff', 'admin');
  const uploads = { db: app.db, storage: app.storage, guard: createUploadGuard(app.config, app.log) };

  app.get(
    '/staff/cms/:section',
    { onRequest, schema: { params: staffCmsParams, querystring: staffCmsQuery, response: { 200: staffCmsSection } } },
    async (request) => getStaffCmsSection(app.db, request.params.section, request.query.lang),
  );
  app.put(
    '/staff/cms/:section',
    {
      onRequest,
      schema: {
        params: staffCmsParams,
        querystring: staffCmsQuery,
        body: staffCmsBody,
        response: { 200: staffCmsSection },
      },
    },
    async (request) => saveStaffCmsSection(app.db, request.params.section, request.query.lang, request.body),
  );

  app.get(
    '/staff/content/public-files',
    { onRequest, schema: { response: { 200: staffPublicFilesResponse } } },
    async () => ({
      files: await findStaffPublicFiles(app.db),
    }),
  );
  app.post(
    '/staff/content/public-files',
    { onRequest, schema: { openapi: { multipart: publicFileForm }, response: { 201: staffPublicFileResponse } } },
    async (request, reply) => {
      const form = await readFileForm(request);
      const file = await addPublicFile(uploads, staffId(request), form.file, form.fields['name']);
      return reply.status(201).send({ file });
    },
  );
  app.put(
    '/staff/content/public-files/order',
    { onRequest, schema: { body: contentOrderBody, response: { 200: staffPublicFilesResponse } } },
    async (request) => ({ files: await orderPublicFiles(app.db, request.body.ids) }),
  );
  app.put(
    '/staff/content/public-files/:id',
    {
      onRequest,
      schema: { params: contentItemParams, body: renamePublicFileBody, response: { 200: staffPublicFileResponse } },
    },
    async (request) => ({ file: await renameStaffPublicFile(app.db, request.params.id, request.body.name) }),
  );
  app.delete(
    '/staff/content/public-files/:id',
    { onRequest, schema: { params: contentItemParams, response: { 204: deleted } } },
    async (request, reply) => {
      await deleteStaffPublicFile(uploads, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/staff/content/partners', { onRequest, schema: { response: { 200: staffPartnersResponse } } }, async () => ({
    partners: await findStaffPartners(app.db),
  }));
  app.post(
    '/staff/content/partner-logos',
    { onRequest, schema: { openapi: { multipart: logoForm }, response: { 201: partnerLogoResponse } } },
    async (request, reply) => {
      const form = await readFileForm(request);
      // The form's limit is the public files' one; a logo has its own, smaller, checked by the service.
      if (form.file && form.file.bytes.byteLength > PARTNER_LOGO_MAX_BYTES) form.file.truncated = true;
      return reply.status(201).send({ logo: await uploadPartnerLogo(uploads, staffId(request), form.file) });
    },
  );
  app.post(
    '/staff/content/partners',
    { onRequest, schema: { body: partnerBody, response: { 201: staffPartnerResponse } } },
    async (request, reply) => reply.status(201).send({ partner: await createPartner(app.db, request.body) }),
  );
  app.put(
    '/staff/content/partners/order',
    { onRequest, schema: { body: contentOrderBody, response: { 200: staffPartnersResponse } } },
    async (request) => ({ partners: await orderPartners(app.db, request.body.ids) }),
  );
  app.put(
    '/staff/content/partners/:id',
    { onRequest, schema: { params: contentItemParams, body: partnerBody, response: { 200: staffPartnerResponse } } },
    async (request) => ({ partner: await updateStaffPartner(app.db, request.params.id, request.body) }),
  );
  app.delete(
    '/staff/content/partners/:id',
    { onRequest, schema: { params: contentItemParams, response: { 204: deleted } } },
    async (request, reply) => {
      await deleteStaffPartner(app.db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/staff/content/forum', { onRequest, schema: { response: { 200: staffForumResponse } } }, async () =>
    getStaffForum(app.db),
  );
  app.put(
    '/staff/content/forum',
    { onRequest, schema: { body: forumBody, response: { 200: staffForumResponse } } },
    async (request) => saveStaffForum(app.db, request.body),
  );
}
