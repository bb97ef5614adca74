import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface OffersFilters {
  page: number;
  query?: string;
  publicationDateBefore?: string;
  publicationDateAfter?: string;
}

/** The search's parameters as the API reads them: the empty ones left out. */
export function offersQuery(filters: OffersFilters) {
  return {
    page: filters.page,
    query: filters.query || undefined,
    publicationDateBefore: filters.publicationDateBefore || undefined,
    publicationDateAfter: filters.publicationDateAfter || undefined,
  };
}

export const offersQueryOptions = (filters: OffersFilters) =>
  queryOptions({
    queryKey: ['portal', 'offers', filters],
    queryFn: ({ signal }) => call('GET /admissibles/portal/offers', { query: offersQuery(filters), signal }),
  });

/** The previous page stays on screen while the next one loads, under the spinner. Not sent while `enabled` is false. */
export const useOffers = (filters: OffersFilters, enabled = true) =>
  useQuery({ ...offersQueryOptions(filters), placeholderData: keepPreviousData, enabled });
