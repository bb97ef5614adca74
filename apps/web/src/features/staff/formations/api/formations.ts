import type { FormationBody, SchoolBody } from '@passerelle/contract/staff-formations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const formationsKey = ['staff', 'formations'] as const;
const schoolsKey = ['staff', 'schools'] as const;

export const staffFormationsQueryOptions = () =>
  queryOptions({
    queryKey: formationsKey,
    queryFn: ({ signal }) => call('GET /staff/formations', { signal }),
  });

export const staffSchoolsQueryOptions = () =>
  queryOptions({
    queryKey: schoolsKey,
    queryFn: ({ signal }) => call('GET /staff/schools', { signal }),
  });

export const useStaffFormations = () => useQuery(staffFormationsQueryOptions());
export const useStaffSchools = () => useQuery(staffSchoolsQueryOptions());

/** Creates (no `id`) or updates one. Both lists are read again: the counts and a school's name show in each. */
function useSave<Body, Answer>(save: (id: number | undefined, body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Body }) => save(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formationsKey }),
        queryClient.invalidateQueries({ queryKey: schoolsKey }),
      ]),
  });
}

export const useSaveFormation = () =>
  useSave((id, body: FormationBody) =>
    id === undefined
      ? call('POST /staff/formations', { body })
      : call('PUT /staff/formations/:id', { params: { id }, body }),
  );
export const useSaveSchool = () =>
  useSave((id, body: SchoolBody) =>
    id === undefined ? call('POST /staff/schools', { body }) : call('PUT /staff/schools/:id', { params: { id }, body }),
  );
