import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'partners'],
    queryFn: ({ signal }) => call('GET /admissibles/portal/partners', { signal }),
    staleTime: 5 * 60_000,
  });

export const usePartners = () => useQuery(partnersQueryOptions());
