import type { PortalInfos, UploadField } from '@passerelle/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const portalInfosQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'infos'],
    queryFn: ({ signal }) => call('GET /admissibles/portal/infos', { signal }),
  });

export const usePortalInfos = () => useQuery(portalInfosQueryOptions());

export type UploadInput = Partial<Record<UploadField, File>> & { numCvec?: string };

export function uploadDocuments(input: UploadInput): Promise<PortalInfos> {
  const body = new FormData();
  // Text fields first: a streaming multipart parser sees them before the files.
  if (input.numCvec !== undefined) body.append('numCvec', input.numCvec);
  for (const field of ['cv', 'cvec', 'attestationBac'] as const) {
    const file = input[field];
    if (file) body.append(field, file, file.name);
  }
  return call('POST /admissibles/portal/upload', { body });
}

/** The answer is the new infos: written to the cache, no second request. */
export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: (infos) => queryClient.setQueryData(portalInfosQueryOptions().queryKey, infos),
  });
}
