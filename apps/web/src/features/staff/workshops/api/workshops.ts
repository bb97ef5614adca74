import type {
  DeleteWorkshopResponse,
  StaffWorkshop,
  StaffWorkshopsResponse,
  WorkshopBody,
  WorkshopRegistrantsResponse,
} from '@passerelle/contract/staff-workshops';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const workshopsKey = ['staff', 'workshops'] as const;

export const staffWorkshopsQueryOptions = () =>
  queryOptions({
    queryKey: workshopsKey,
    queryFn: ({ signal }) => api<StaffWorkshopsResponse>('/staff/workshops', { signal }),
  });

export const useStaffWorkshops = () => useQuery(staffWorkshopsQueryOptions());

export const useWorkshopRegistrants = (id: number) =>
  useQuery({
    queryKey: [...workshopsKey, id, 'registrants'],
    queryFn: ({ signal }) => api<WorkshopRegistrantsResponse>(`/staff/workshops/${id}/registrants`, { signal }),
  });

/** POST /staff/workshops, or PUT /staff/workshops/:id when `id` is given; the list is read again. */
export function useSaveWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: WorkshopBody }) =>
      api<{ workshop: StaffWorkshop }>(id === undefined ? '/staff/workshops' : `/staff/workshops/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsKey }),
  });
}

/** DELETE /staff/workshops/:id: its registrations go with it, and the registrants are told by mail. */
export function useDeleteWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<DeleteWorkshopResponse>(`/staff/workshops/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopsKey }),
  });
}
