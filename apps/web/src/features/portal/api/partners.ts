import type { Partner } from '@passerelle/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'partners'],
    queryFn: ({ signal }) => api<Partner[]>('/admissibles/portal/partners', { signal }),
    staleTime: 5 * 60_000,
  });

export const usePartners = () => useQuery(partnersQueryOptions());
