import type { SmicRate } from '@passerelle/contract/rules/salary';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** One dated SMIC value as GET /staff/smic answers it: `updatedAt` null for the values the portal shipped with. */
export type SmicRow = SmicRate & { updatedAt: string | null };

const smicKey = ['staff', 'smic'] as const;

export const smicTableQueryOptions = () =>
  queryOptions({ queryKey: smicKey, queryFn: ({ signal }) => api<SmicRow[]>('/staff/smic', { signal }) });

export const useSmicTable = () => useQuery(smicTableQueryOptions());

/** PUT /staff/smic: adds a value (or corrects the value of that date); answers the whole table. */
export function useSaveSmic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmicRate) => api<SmicRow[]>('/staff/smic', { method: 'PUT', body }),
    onSuccess: (rows) => queryClient.setQueryData(smicKey, rows),
  });
}
