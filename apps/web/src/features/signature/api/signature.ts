import type { SignatureMethod, SignatureSignBody } from '@passerelle/contract';
import type { RouteAnswer, RouteMap } from '@passerelle/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type SignatureCodeResponse = RouteAnswer<RouteMap['POST /signature/:id/code']>;

export const signatureQueryKey = (id: number) => ['signature', id] as const;

export const signatureQueryOptions = (id: number) =>
  queryOptions({
    queryKey: signatureQueryKey(id),
    queryFn: ({ signal }) => call('GET /signature/:id', { params: { id }, signal }),
    // The code form and the chosen file live in the page: a refetch on focus (back from the mail app) must not reset it.
    refetchOnWindowFocus: false,
  });

export const chooseSignatureMethod = (id: number, method: SignatureMethod) =>
  call('POST /signature/:id/method', { params: { id }, body: { method } });

export const requestSignatureCode = (id: number) => call('POST /signature/:id/code', { params: { id } });

export const signDocuments = (id: number, body: SignatureSignBody) =>
  call('POST /signature/:id/sign', { params: { id }, body });

export const refuseSignature = (id: number, reason: string) =>
  call('POST /signature/:id/refuse', { params: { id }, body: { reason } });

export function uploadSignedScan(id: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return call('POST /signature/:id/upload', { params: { id }, body });
}
