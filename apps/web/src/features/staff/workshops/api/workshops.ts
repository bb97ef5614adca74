import type { WorkshopBody } from '@passerelle/contract/staff-workshops';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const workshopsKey = ['staff', 'workshops'] as const;

export const staffWorkshopsQueryOptions = () =>
  queryOptions({
    queryKey: workshopsKey,
    queryFn: ({ signal }) => call('GET /staff/workshops', { signal }),
  });

export const useStaffWorkshops = () => useQuery(staffWorkshopsQueryOptions());

export const useWorkshopRegistrants = (id: number) =>
  useQuery({
    queryKey: [...workshopsKey, id, 'registrants'],
    queryFn: ({ signal }) => call('GET /staff/workshops/:id/registrants', { params: { id }, signal }),
  });

/** POST /staff/workshops, or PUT /staff/workshops/:id when `id` is given; the list is read again. */
export function useSaveWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: WorkshopBody }) =>
      id === undefined
        ? call('POST /staff/workshops', { body })
        : call('PUT /staff/workshops/:id', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsKey }),
  });
}

/** DELETE /staff/workshops/:id: its registrations go with it, and the registrants are told by mail. */
export function useDeleteWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /staff/workshops/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopsKey }),
  });
}
