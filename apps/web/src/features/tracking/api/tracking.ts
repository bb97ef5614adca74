import type { TrackingBody } from '@passerelle/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Everything under ['tracking'] (this entry and the search screen's list) is refreshed after a change. */
export const trackingEntryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tracking', 'entry', id],
    queryFn: ({ signal }) => call('GET /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id }, signal }),
  });

export const useTrackingEntry = (id: number | null) => useQuery({ ...trackingEntryQueryOptions(id ?? 0), enabled: id !== null });

export function useSaveTracking(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingBody) =>
      id === null
        ? call('POST /admissibles/portal/suiviRechercheEmployeur', { body })
        : call('PUT /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tracking'] }),
  });
}

export function useDeleteTracking(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('DELETE /admissibles/portal/suiviRechercheEmployeur/:id', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['tracking', 'entry', id] });
      // The list is not on screen now: drop the row at once so the search screen never shows it again.
      queryClient.setQueryData<{ id: number }[]>(['tracking', 'list'], (list) => list?.filter((item) => item.id !== id));
      return queryClient.invalidateQueries({ queryKey: ['tracking', 'list'] });
    },
  });
}
