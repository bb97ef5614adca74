import type { OffersResponse } from '@passerelle/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OffersFilters {
  page: number;
  query?: string;
  publicationDateBefore?: string;
  publicationDateAfter?: string;
}

export function offersSearchParams(filters: OffersFilters): string {
  const params = new URLSearchParams({ page: String(filters.page) });
  if (filters.query) params.set('query', filters.query);
  if (filters.publicationDateBefore) params.set('publicationDateBefore', filters.publicationDateBefore);
  if (filters.publicationDateAfter) params.set('publicationDateAfter', filters.publicationDateAfter);
  return params.toString();
}

export const offersQueryOptions = (filters: OffersFilters) =>
  queryOptions({
    queryKey: ['portal', 'offers', filters],
    queryFn: ({ signal }) => api<OffersResponse>(`/admissibles/portal/offers?${offersSearchParams(filters)}`, { signal }),
  });

/** The previous page stays on screen while the next one loads, under the spinner. Not sent while `enabled` is false. */
export const useOffers = (filters: OffersFilters, enabled = true) =>
  useQuery({ ...offersQueryOptions(filters), placeholderData: keepPreviousData, enabled });
