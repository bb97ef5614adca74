import {
  dossierStateResponse,
  dossierTermsBody,
  firstContactDecisionBody,
  sheetParams,
  smicRowBody,
  smicTableResponse,
} from '../sheets.ts';
import {
  archiveBody,
  contractEndBody,
  contractPreparedAgainBody,
  contractPreparedBody,
  documentReviewBody,
  markFiledBody,
  markRegisteredBody,
  markSignedBody,
  missionsComplementBody,
  reopenBody,
  returnSheetBody,
  staffAlertsResponse,
  staffDossierDetailResponse,
  staffDossierParams,
  staffDossiersQuery,
  staffDossiersResponse,
  staffFiltersResponse,
} from '../staff.ts';
import { defineRoute } from './define.ts';

/** An action on a case: its new state, or 409 when its state forbids the action. */
const caseAction = <const Path extends `/staff/dossiers/:id/${string}`>(path: Path) =>
  ({ method: 'POST', path, params: sheetParams, responses: { 200: dossierStateResponse } }) as const;

/** The back office's cases (issue 10): the pipeline, a case, its actions, and the dated SMIC table. Staff and admins. */
export const staff = {
  dossiers: defineRoute({
    method: 'GET',
    path: '/staff/dossiers',
    query: staffDossiersQuery,
    responses: { 200: staffDossiersResponse },
  }),
  alerts: defineRoute({ method: 'GET', path: '/staff/alerts', responses: { 200: staffAlertsResponse } }),
  filters: defineRoute({ method: 'GET', path: '/staff/filters', responses: { 200: staffFiltersResponse } }),
  dossier: defineRoute({
    method: 'GET',
    path: '/staff/dossiers/:id',
    params: staffDossierParams,
    responses: { 200: staffDossierDetailResponse },
  }),
  firstContact: defineRoute({ ...caseAction('/staff/dossiers/:id/first-contact'), body: firstContactDecisionBody }),
  terms: defineRoute({ ...caseAction('/staff/dossiers/:id/modalites'), body: dossierTermsBody }),
  contractPrepared: defineRoute({ ...caseAction('/staff/dossiers/:id/contract-prepared'), body: contractPreparedBody.nullish() }),
  contractPreparedAgain: defineRoute({
    ...caseAction('/staff/dossiers/:id/contract-prepared-again'),
    body: contractPreparedAgainBody,
  }),
  returnSheet: defineRoute({ ...caseAction('/staff/dossiers/:id/return'), body: returnSheetBody }),
  missionsComplement: defineRoute({ ...caseAction('/staff/dossiers/:id/missions-complement'), body: missionsComplementBody }),
  documentReview: defineRoute({ ...caseAction('/staff/dossiers/:id/document-review'), body: documentReviewBody }),
  signed: defineRoute({ ...caseAction('/staff/dossiers/:id/signed'), body: markSignedBody }),
  filed: defineRoute({ ...caseAction('/staff/dossiers/:id/filed'), body: markFiledBody }),
  registered: defineRoute({ ...caseAction('/staff/dossiers/:id/registered'), body: markRegisteredBody }),
  archive: defineRoute({ ...caseAction('/staff/dossiers/:id/archive'), body: archiveBody }),
  reopen: defineRoute({ ...caseAction('/staff/dossiers/:id/reopen'), body: reopenBody }),
  breaking: defineRoute({ ...caseAction('/staff/dossiers/:id/breaking'), body: contractEndBody }),
  broken: defineRoute({ ...caseAction('/staff/dossiers/:id/broken'), body: contractEndBody }),
  smic: defineRoute({ method: 'GET', path: '/staff/smic', responses: { 200: smicTableResponse } }),
  /** Adds a value (or corrects the value of that date); answers the whole table. */
  saveSmic: defineRoute({ method: 'PUT', path: '/staff/smic', body: smicRowBody, responses: { 200: smicTableResponse } }),
};
