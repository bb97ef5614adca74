import type { SmicRate } from '@passerelle/contract/rules/salary';
import type { RouteAnswer, RouteMap } from '@passerelle/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

/** One dated SMIC value as GET /staff/smic answers it: `updatedAt` null for the values the portal shipped with. */
export type SmicRow = RouteAnswer<RouteMap['GET /staff/smic']>[number];

const smicKey = ['staff', 'smic'] as const;

export const smicTableQueryOptions = () =>
  queryOptions({ queryKey: smicKey, queryFn: ({ signal }) => call('GET /staff/smic', { signal }) });

export const useSmicTable = () => useQuery(smicTableQueryOptions());

/** PUT /staff/smic: adds a value (or corrects the value of that date); answers the whole table. */
export function useSaveSmic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmicRate) => call('PUT /staff/smic', { body }),
    onSuccess: (rows) => {
      queryClient.setQueryData(smicKey, rows);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'smic', 'freshness'] });
    },
  });
}

/** GET /staff/smic/freshness: whether the latest value is more than 12 months old (the page warns then). */
export const useSmicFreshness = () =>
  useQuery({ queryKey: ['staff', 'smic', 'freshness'], queryFn: ({ signal }) => call('GET /staff/smic/freshness', { signal }) });
