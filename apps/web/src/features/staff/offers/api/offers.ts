import type { OfferBody } from '@passerelle/contract/staff-offers';
import type { RouteMap, RouteQuery } from '@passerelle/contract/routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const offersKey = ['staff', 'offers'] as const;

/** The list's search, status and page, as the API reads them. */
export type StaffOffersListQuery = RouteQuery<RouteMap['GET /staff/offers']>;

/** GET /api/staff/offers with the list's parameters. */
export const staffOffersQueryOptions = (query: StaffOffersListQuery) =>
  queryOptions({
    queryKey: [...offersKey, query],
    queryFn: ({ signal }) => call('GET /staff/offers', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useStaffOffers = (query: StaffOffersListQuery) => useQuery(staffOffersQueryOptions(query));

/** POST /staff/offers, or PUT /staff/offers/:id when `id` is given; the list is read again. */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OfferBody }) =>
      id === undefined ? call('POST /staff/offers', { body }) : call('PUT /staff/offers/:id', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}

export type OfferAction = 'expire' | 'restore' | 'delete';

/** Expire (out of the applicants' search at once), restore, or delete an offer. */
export function useOfferAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: OfferAction }): Promise<void> => {
      if (action === 'delete') await call('DELETE /staff/offers/:id', { params: { id } });
      else await call(`POST /staff/offers/:id/${action}`, { params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}

/** POST /api/staff/offers/import: a dry run checks the file, the real run stores it (all lines or none). */
export function useImportOffers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return call('POST /staff/offers/import', { query: { dryRun: dryRun ? 'true' : 'false' }, body: form });
    },
    onSuccess: (result, { dryRun }) => {
      if (!dryRun && result.imported > 0) void queryClient.invalidateQueries({ queryKey: offersKey });
    },
  });
}
