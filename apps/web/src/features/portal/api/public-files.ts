import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** 0 when the applicant has no current dossier. */
export const publicFilesQueryOptions = (dossierId: number) =>
  queryOptions({
    queryKey: ['portal', 'publicFiles', dossierId],
    queryFn: ({ signal }) =>
      call('GET /admissibles/file/getPublicFiles/:dossierId', {
        params: { dossierId },
        query: { type: 'home' },
        signal,
      }),
  });

export const usePublicFiles = (dossierId: number | undefined) =>
  useQuery({ ...publicFilesQueryOptions(dossierId ?? 0), enabled: dossierId !== undefined });
