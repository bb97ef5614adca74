import { z } from 'zod';
import { cerfaParams, dossier, idParams } from '../portal.ts';
import { createDossierResponse, sheetParams } from '../sheets.ts';
import { defineRoute, noBody } from './define.ts';

/** The applicant's cases (SPEC "Applicant cases"): list, create, delete; and the cerfa parameters of one case. */
export const dossiers = {
  list: defineRoute({ method: 'GET', path: '/admissibles/portal/dossiers', responses: { 200: z.array(dossier) } }),
  create: defineRoute({ method: 'POST', path: '/admissibles/dossiers', responses: { 201: createDossierResponse } }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/admissibles/dossiers/:id',
    params: sheetParams,
    responses: { 204: noBody('Deleted') },
  }),
  /** Any party to the case: the applicant, its employer, staff. */
  cerfaParams: defineRoute({
    method: 'GET',
    path: '/admissibles/cerfa_params/:id',
    params: idParams,
    responses: { 200: cerfaParams },
  }),
};
