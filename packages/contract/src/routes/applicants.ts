import { z } from 'zod';
import {
  APPLICANT_IMPORT_MAX_BYTES,
  applicantImportQuery,
  applicantImportResponse,
  inviteApplicantsBody,
  inviteApplicantsResponse,
  staffApplicantParams,
  staffApplicantsQuery,
  staffApplicantsResponse,
} from '../staff-applicants.ts';
import { formFile } from '../files.ts';
import { defineRoute, multipartBody } from './define.ts';

const importForm = z.object({
  file: formFile(
    `A CSV file (UTF-8 or Windows-1252, commas or semicolons), ${APPLICANT_IMPORT_MAX_BYTES / 1024 / 1024} MB at most`,
  ),
});

/** Admitted applicants for the back office (issue 12): the CSV import, the list, and their invitations. */
export const applicants = {
  /** With `dryRun=true` every line is checked and nothing is stored. */
  import: defineRoute({
    method: 'POST',
    path: '/staff/applicants/import',
    query: applicantImportQuery,
    body: multipartBody(importForm),
    responses: { 200: applicantImportResponse },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/staff/applicants',
    query: staffApplicantsQuery,
    responses: { 200: staffApplicantsResponse },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/staff/applicants/invite',
    body: inviteApplicantsBody,
    responses: { 200: inviteApplicantsResponse },
  }),
  inviteOne: defineRoute({
    method: 'POST',
    path: '/staff/applicants/:id/invite',
    params: staffApplicantParams,
    responses: { 200: inviteApplicantsResponse },
  }),
};
