import type { SignatureMethod, SignatureResponse, SignatureSignBody, signatureCodeResponse } from '@passerelle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SignatureCodeResponse = z.infer<typeof signatureCodeResponse>;

export const signatureQueryKey = (id: number) => ['signature', id] as const;

export const signatureQueryOptions = (id: number) =>
  queryOptions({
    queryKey: signatureQueryKey(id),
    queryFn: ({ signal }) => api<SignatureResponse>(`/signature/${id}`, { signal }),
    // The code form and the chosen file live in the page: a refetch on focus (back from the mail app) must not reset it.
    refetchOnWindowFocus: false,
  });

export const chooseSignatureMethod = (id: number, method: SignatureMethod) =>
  api<unknown>(`/signature/${id}/method`, { method: 'POST', body: { method } });

export const requestSignatureCode = (id: number) =>
  api<SignatureCodeResponse>(`/signature/${id}/code`, { method: 'POST' });

export const signDocuments = (id: number, body: SignatureSignBody) =>
  api<unknown>(`/signature/${id}/sign`, { method: 'POST', body });

export const refuseSignature = (id: number, reason: string) =>
  api<unknown>(`/signature/${id}/refuse`, { method: 'POST', body: { reason } });

export function uploadSignedScan(id: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api<unknown>(`/signature/${id}/upload`, { method: 'POST', body });
}
