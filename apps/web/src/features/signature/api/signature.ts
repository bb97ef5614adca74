import type { SignatureMethod, SignatureSignBody } from '@passerelle/contract';
import type { RouteAnswer, RouteMap } from '@passerelle/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type SignatureCodeResponse = RouteAnswer<RouteMap['POST /signature/:id/code']>;

/** How often a signed case's page asks whether the sealed contract is there. */
const SEALING_POLL_MS = 2000;

export const signatureQueryKey = (id: number) => ['signature', id] as const;

export const signatureQueryOptions = (id: number) =>
  queryOptions({
    queryKey: signatureQueryKey(id),
    queryFn: ({ signal }) => call('GET /signature/:id', { params: { id }, signal }),
    // The code form and the chosen file live in the page: a refetch on focus (back from the mail app) must not reset it.
    refetchOnWindowFocus: false,
    // Signed by everyone, the contract is sealed by a job within seconds (issue 27): read again until its link is there.
    refetchInterval: (query) =>
      query.state.data?.state === 'signed' && !query.state.data.signedDocumentUrl ? SEALING_POLL_MS : false,
  });

// Each action carries the Idempotency-Key of the person's action (lib/request-key.ts): a double click signs, refuses,
// sends a code or a scan once, and both clicks get the same answer.

export const chooseSignatureMethod = (id: number, method: SignatureMethod, idempotencyKey: string) =>
  call('POST /signature/:id/method', { params: { id }, body: { method }, idempotencyKey });

export const requestSignatureCode = (id: number, idempotencyKey: string) =>
  call('POST /signature/:id/code', { params: { id }, idempotencyKey });

export const signDocuments = (id: number, body: SignatureSignBody, idempotencyKey: string) =>
  call('POST /signature/:id/sign', { params: { id }, body, idempotencyKey });

export const refuseSignature = (id: number, reason: string, idempotencyKey: string) =>
  call('POST /signature/:id/refuse', { params: { id }, body: { reason }, idempotencyKey });

export function uploadSignedScan(id: number, file: File, idempotencyKey: string) {
  const body = new FormData();
  body.append('file', file);
  return call('POST /signature/:id/upload', { params: { id }, body, idempotencyKey });
}
