import type {
  OfferBody,
  OfferImportResponse,
  StaffOffer,
  StaffOffersResponse,
} from '@passerelle/contract/staff-offers';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const offersKey = ['staff', 'offers'] as const;

/** GET /api/staff/offers with the list's parameters, as the address holds them. */
export const staffOffersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...offersKey, query],
    queryFn: ({ signal }) => api<StaffOffersResponse>(`/staff/offers${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useStaffOffers = (query: string) => useQuery(staffOffersQueryOptions(query));

/** POST /staff/offers, or PUT /staff/offers/:id when `id` is given; the list is read again. */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OfferBody }) =>
      api<{ offer: StaffOffer }>(id === undefined ? '/staff/offers' : `/staff/offers/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}

export type OfferAction = 'expire' | 'restore' | 'delete';

/** Expire (out of the applicants' search at once), restore, or delete an offer. */
export function useOfferAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: OfferAction }): Promise<void> => {
      if (action === 'delete') await api<void>(`/staff/offers/${id}`, { method: 'DELETE' });
      else await api<{ offer: StaffOffer }>(`/staff/offers/${id}/${action}`, { method: 'POST' });
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
      return api<OfferImportResponse>(`/staff/offers/import?dryRun=${String(dryRun)}`, { method: 'POST', body: form });
    },
    onSuccess: (result, { dryRun }) => {
      if (!dryRun && result.imported > 0) void queryClient.invalidateQueries({ queryKey: offersKey });
    },
  });
}
