import { z } from 'zod';
import {
  manualSignatureDecisionBody,
  SIGNATURE_SCAN_MAX_BYTES,
  signatureCodeResponse,
  signatureDocumentParams,
  signatureDocumentQuery,
  signatureMethodBody,
  signatureParams,
  signatureRefuseBody,
  signatureResponse,
  signatureSignBody,
} from '../signing.ts';
import { staffDossierParams } from '../staff.ts';
import { formFile } from '../files.ts';
import { defineRoute, fileResponse, multipartBody } from './define.ts';

const scanForm = z.object({
  file: formFile(`The signed scan: .pdf, ${SIGNATURE_SCAN_MAX_BYTES / 1024 / 1024} MB at most`),
});

/** A signer's action on the case: the signature's state after it. */
const signerAction = <const Path extends `/signature/:id/${string}`>(path: Path) =>
  ({ method: 'POST', path, params: signatureParams, responses: { 200: signatureResponse } }) as const;

/**
 * Signing a case's contract (issue 11): `/signature/:id` (`:id` is the dossier) for its signers, whatever their user
 * type, and the staff's manual-signature decision and evidence download. Every action is a POST: opening a link (a
 * GET) changes nothing.
 */
export const signatureFlow = {
  get: defineRoute({
    method: 'GET',
    path: '/signature/:id',
    params: signatureParams,
    responses: { 200: signatureResponse },
  }),
  document: defineRoute({
    method: 'GET',
    path: '/signature/:id/documents/:docId',
    params: signatureDocumentParams,
    query: signatureDocumentQuery,
    responses: { 200: fileResponse('application/pdf', 'The document version to sign') },
  }),
  chooseMethod: defineRoute({ ...signerAction('/signature/:id/method'), body: signatureMethodBody }),
  sendCode: defineRoute({
    method: 'POST',
    path: '/signature/:id/code',
    params: signatureParams,
    responses: { 200: signatureCodeResponse },
  }),
  sign: defineRoute({ ...signerAction('/signature/:id/sign'), body: signatureSignBody }),
  refuse: defineRoute({ ...signerAction('/signature/:id/refuse'), body: signatureRefuseBody }),
  uploadScan: defineRoute({ ...signerAction('/signature/:id/upload'), body: multipartBody(scanForm) }),
  manualSignature: defineRoute({
    method: 'POST',
    path: '/staff/dossiers/:id/manual-signature',
    params: staffDossierParams,
    body: manualSignatureDecisionBody,
    responses: { 200: signatureResponse },
  }),
  evidence: defineRoute({
    method: 'GET',
    path: '/staff/dossiers/:id/evidence',
    params: staffDossierParams,
    responses: { 200: fileResponse('application/pdf', 'The certificate of completion') },
  }),
};
