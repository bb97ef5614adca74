import { z } from 'zod';
import {
  attestationParams,
  cmsInfo,
  cmsLangQuery,
  partnersResponse,
  portalInfos,
  publicFilesParams,
  publicFilesQuery,
  publicFilesResponse,
} from '../portal.ts';
import { uploadFields, uploadRules } from '../portal-rules.ts';
import { formFile } from '../files.ts';
import { defineRoute, fileResponse, multipartBody } from './define.ts';

/** The upload form: each file field is optional, one at least is sent (the API reads it as a stream). */
const uploadForm = z.object({
  ...Object.fromEntries(
    uploadFields.map((field) => {
      const { extensions, maxBytes } = uploadRules[field];
      return [field, formFile(`${extensions.join(', ')}; ${maxBytes / 1024 / 1024} MB at most`).optional()];
    }),
  ),
  numCvec: z.string().max(1024).optional().describe('CVEC certificate number'),
});

/** The applicant portal's content: feed, documents and uploads, public files, partners, attestations. */
export const portal = {
  cms: defineRoute({
    method: 'GET',
    path: '/admissibles/portal/cms',
    query: cmsLangQuery,
    responses: { 200: cmsInfo },
  }),
  infos: defineRoute({ method: 'GET', path: '/admissibles/portal/infos', responses: { 200: portalInfos } }),
  /** The applicant's documents (CV, CVEC certificate, baccalaureate attestation): answers the new infos. */
  upload: defineRoute({
    method: 'POST',
    path: '/admissibles/portal/upload',
    body: multipartBody(uploadForm),
    responses: { 200: portalInfos },
  }),
  publicFiles: defineRoute({
    method: 'GET',
    path: '/admissibles/file/getPublicFiles/:dossierId',
    params: publicFilesParams,
    query: publicFilesQuery,
    responses: { 200: publicFilesResponse },
  }),
  partners: defineRoute({ method: 'GET', path: '/admissibles/portal/partners', responses: { 200: partnersResponse } }),
  attestation: defineRoute({
    method: 'GET',
    path: '/admissibles/portal/attestations/:kind',
    params: attestationParams,
    responses: { 200: fileResponse('application/pdf', 'The attestation') },
  }),
};
