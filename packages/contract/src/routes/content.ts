import { z } from 'zod';
import {
  contentItemParams,
  contentOrderBody,
  forumBody,
  partnerBody,
  partnerLogoResponse,
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
} from '../staff-content.ts';
import { formFile } from '../files.ts';
import { defineRoute, multipartBody, noBody } from './define.ts';

const publicFileForm = z.object({
  file: formFile('PDF, PNG or JPEG; 10 MB at most'),
  name: z
    .string()
    .max(150)
    .optional()
    .describe('The name shown to applicants; the file name without extension by default'),
});
const logoForm = z.object({ file: formFile('PNG or JPEG; 1 MB at most') });

/**
 * The applicant portal's content, written in the back office (issue 12, decision 0023): the feed's sections, the
 * home's public files, the partners and the forum invitation. Staff and admins only.
 */
export const content = {
  cmsSection: defineRoute({
    method: 'GET',
    path: '/staff/cms/:section',
    params: staffCmsParams,
    query: staffCmsQuery,
    responses: { 200: staffCmsSection },
  }),
  saveCmsSection: defineRoute({
    method: 'PUT',
    path: '/staff/cms/:section',
    params: staffCmsParams,
    query: staffCmsQuery,
    body: staffCmsBody,
    responses: { 200: staffCmsSection },
  }),
  publicFiles: defineRoute({
    method: 'GET',
    path: '/staff/content/public-files',
    responses: { 200: staffPublicFilesResponse },
  }),
  addPublicFile: defineRoute({
    method: 'POST',
    path: '/staff/content/public-files',
    body: multipartBody(publicFileForm),
    responses: { 201: staffPublicFileResponse },
  }),
  orderPublicFiles: defineRoute({
    method: 'PUT',
    path: '/staff/content/public-files/order',
    body: contentOrderBody,
    responses: { 200: staffPublicFilesResponse },
  }),
  renamePublicFile: defineRoute({
    method: 'PUT',
    path: '/staff/content/public-files/:id',
    params: contentItemParams,
    body: renamePublicFileBody,
    responses: { 200: staffPublicFileResponse },
  }),
  deletePublicFile: defineRoute({
    method: 'DELETE',
    path: '/staff/content/public-files/:id',
    params: contentItemParams,
    responses: { 204: noBody('Deleted') },
  }),
  partners: defineRoute({ method: 'GET', path: '/staff/content/partners', responses: { 200: staffPartnersResponse } }),
  /** A partner's logo, stored before the partner is saved with its id. */
  uploadPartnerLogo: defineRoute({
    method: 'POST',
    path: '/staff/content/partner-logos',
    body: multipartBody(logoForm),
    responses: { 201: partnerLogoResponse },
  }),
  createPartner: defineRoute({
    method: 'POST',
    path: '/staff/content/partners',
    body: partnerBody,
    responses: { 201: staffPartnerResponse },
  }),
  orderPartners: defineRoute({
    method: 'PUT',
    path: '/staff/content/partners/order',
    body: contentOrderBody,
    responses: { 200: staffPartnersResponse },
  }),
  updatePartner: defineRoute({
    method: 'PUT',
    path: '/staff/content/partners/:id',
    params: contentItemParams,
    body: partnerBody,
    responses: { 200: staffPartnerResponse },
  }),
  deletePartner: defineRoute({
    method: 'DELETE',
    path: '/staff/content/partners/:id',
    params: contentItemParams,
    responses: { 204: noBody('Deleted') },
  }),
  forum: defineRoute({ method: 'GET', path: '/staff/content/forum', responses: { 200: staffForumResponse } }),
  saveForum: defineRoute({
    method: 'PUT',
    path: '/staff/content/forum',
    body: forumBody,
    responses: { 200: staffForumResponse },
  }),
};
