import type {
  FormationBody,
  SchoolBody,
  StaffFormation,
  StaffFormationsResponse,
  StaffSchool,
  StaffSchoolsResponse,
} from '@passerelle/contract/staff-formations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const formationsKey = ['staff', 'formations'] as const;
const schoolsKey = ['staff', 'schools'] as const;

export const staffFormationsQueryOptions = () =>
  queryOptions({
    queryKey: formationsKey,
    queryFn: ({ signal }) => api<StaffFormationsResponse>('/staff/formations', { signal }),
  });

export const staffSchoolsQueryOptions = () =>
  queryOptions({
    queryKey: schoolsKey,
    queryFn: ({ signal }) => api<StaffSchoolsResponse>('/staff/schools', { signal }),
  });

export const useStaffFormations = () => useQuery(staffFormationsQueryOptions());
export const useStaffSchools = () => useQuery(staffSchoolsQueryOptions());

/**
 * POST `path`, or PUT `path/:id` when `id` is given. Both lists are read again: the counts and a school's name show in
 * each.
 */
function useSave<Body, Answer>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Body }) =>
      api<Answer>(id === undefined ? path : `${path}/${id}`, { method: id === undefined ? 'POST' : 'PUT', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formationsKey }),
        queryClient.invalidateQueries({ queryKey: schoolsKey }),
      ]),
  });
}

export const useSaveFormation = () => useSave<FormationBody, { formation: StaffFormation }>('/staff/formations');
export const useSaveSchool = () => useSave<SchoolBody, { school: StaffSchool }>('/staff/schools');
