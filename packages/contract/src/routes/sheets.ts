import { z } from 'zod';
import {
  fundingValidationBody,
  fundingValidationResponse,
  JOB_DESCRIPTION_MAX_BYTES,
  salaryGridQuery,
  salaryGridResponse,
  sheetDrafts,
  sheetFinishQuery,
  sheetParams,
  sheetResponse,
  type SheetKind,
} from '../sheets.ts';
import { formFile } from '../files.ts';
import { defineRoute, multipartBody, noBody } from './define.ts';

/** A sheet read or saved as a draft: the sheet as it stands after. */
const sheetRead = <const Path extends string>(path: Path) =>
  ({ method: 'GET', path, params: sheetParams, responses: { 200: sheetResponse } }) as const;
const sheetSave = <const Path extends string, K extends SheetKind>(path: Path, kind: K) =>
  ({ method: 'PUT', path, params: sheetParams, body: sheetDrafts[kind], responses: { 200: sheetResponse } }) as const;
/** The final action (SPEC: "send" for the information sheet, "submit" otherwise); `?dryRun=true` judges it only. */
const sheetFinish = <const Path extends string, K extends SheetKind>(path: Path, kind: K) =>
  ({
    method: 'POST',
    path,
    params: sheetParams,
    query: sheetFinishQuery,
    body: sheetDrafts[kind].nullish(),
    responses: { 200: sheetResponse, 204: noBody('The dry run found nothing to fix') },
  }) as const;

const jobDescriptionForm = z.object({
  file: formFile(`.pdf, .doc or .docx; ${JOB_DESCRIPTION_MAX_BYTES / 1024 / 1024} MB at most`),
});

/**
 * The sheets of a dossier (first contacts, missions, information sheet), each at the address of the party that fills
 * it in, the funding validation, the job description upload and the salary grid. Staff may act on every sheet.
 */
export const sheets = {
  f1ca: defineRoute(sheetRead('/admissibles/fiche-premier-contact/:id')),
  saveF1ca: defineRoute(sheetSave('/admissibles/fiche-premier-contact/:id', 'f1ca')),
  submitF1ca: defineRoute(sheetFinish('/admissibles/fiche-premier-contact/:id/submit', 'f1ca')),
  f1ce: defineRoute(sheetRead('/employeurs/fiche-premier-contact/:id')),
  saveF1ce: defineRoute(sheetSave('/employeurs/fiche-premier-contact/:id', 'f1ce')),
  submitF1ce: defineRoute(sheetFinish('/employeurs/fiche-premier-contact/:id/submit', 'f1ce')),
  missions: defineRoute(sheetRead('/employeurs/modification-missions/:id')),
  saveMissions: defineRoute(sheetSave('/employeurs/modification-missions/:id', 'missions')),
  submitMissions: defineRoute(sheetFinish('/employeurs/modification-missions/:id/submit', 'missions')),
  fra: defineRoute(sheetRead('/admissibles/fiche-renseignement/:id')),
  saveFra: defineRoute(sheetSave('/admissibles/fiche-renseignement/:id', 'fra')),
  sendFra: defineRoute(sheetFinish('/admissibles/fiche-renseignement/:id/send', 'fra')),
  fre: defineRoute(sheetRead('/employeurs/fiche-renseignement/:id')),
  saveFre: defineRoute(sheetSave('/employeurs/fiche-renseignement/:id', 'fre')),
  sendFre: defineRoute(sheetFinish('/employeurs/fiche-renseignement/:id/send', 'fre')),
  jobDescription: defineRoute({
    method: 'POST',
    path: '/employeurs/modification-missions/:id/attachment',
    params: sheetParams,
    body: multipartBody(jobDescriptionForm),
    responses: { 200: sheetResponse },
  }),
  funding: defineRoute({
    method: 'GET',
    path: '/employeurs/validation-financement/:id',
    params: sheetParams,
    responses: { 200: fundingValidationResponse },
  }),
  decideFunding: defineRoute({
    method: 'POST',
    path: '/employeurs/validation-financement/:id',
    params: sheetParams,
    body: fundingValidationBody,
    responses: { 200: fundingValidationResponse },
  }),
  salaryGrid: defineRoute({
    method: 'GET',
    path: '/sheets/salary-grid',
    query: salaryGridQuery,
    responses: { 200: salaryGridResponse },
  }),
};
