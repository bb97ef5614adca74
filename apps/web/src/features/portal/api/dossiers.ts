import { dossier } from '@passerelle/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const dossiersQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'dossiers'],
    queryFn: ({ signal }) => api(z.array(dossier), '/admissibles/portal/dossiers', { signal }),
  });

export const useDossiers = () => useQuery(dossiersQueryOptions());

const createdDossier = z.object({ id: z.number().int() });

/** A new case starts with its applicant first-contact sheet. */
export function useCreateDossier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(createdDossier, '/admissibles/dossiers', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'dossiers'] }),
  });
}
