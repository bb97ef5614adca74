import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const dossiersQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'dossiers'],
    queryFn: ({ signal }) => call('GET /admissibles/portal/dossiers', { signal }),
  });

export const useDossiers = () => useQuery(dossiersQueryOptions());

/** A new case starts with its applicant first-contact sheet. */
export function useCreateDossier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /admissibles/dossiers'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'dossiers'] }),
  });
}

/** A case with nothing sent yet may be withdrawn (the API answers 409 once a sheet is sent). */
export function useDeleteDossier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /admissibles/dossiers/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['portal', 'dossiers'] }),
  });
}
