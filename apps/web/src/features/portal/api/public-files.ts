import type { PublicFile } from '@passerelle/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** 0 when the applicant has no current dossier. */
export const publicFilesQueryOptions = (dossierId: number) =>
  queryOptions({
    queryKey: ['portal', 'publicFiles', dossierId],
    queryFn: ({ signal }) => api<PublicFile[]>(`/admissibles/file/getPublicFiles/${dossierId}?type=home`, { signal }),
  });

export const usePublicFiles = (dossierId: number | undefined) =>
  useQuery({ ...publicFilesQueryOptions(dossierId ?? 0), enabled: dossierId !== undefined });
