import type { DossierStateResponse, StaffDossierDetailResponse } from '@passerelle/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { CaseActionPath } from '../components/case-intents';

export const staffCaseKey = (id: number) => ['staff', 'dossiers', id] as const;

export const staffCaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffCaseKey(id),
    queryFn: ({ signal }) => api<StaffDossierDetailResponse>(`/staff/dossiers/${id}`, { signal }),
  });

export const useStaffCase = (id: number) => useQuery(staffCaseQueryOptions(id));

export interface CaseActionInput {
  action: CaseActionPath;
  /** The action's body as its contract schema gives it; none for contract-prepared. */
  body?: unknown;
}

/**
 * One action of the case page (POST /staff/dossiers/:id/<action>). Whatever the answer (done, 409 because the case
 * moved on, 400), the case is read again: the page then shows the state the server holds, and the pipeline's lists too.
 */
export function useCaseAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: CaseActionInput) =>
      api<DossierStateResponse>(`/staff/dossiers/${id}/${action}`, { method: 'POST', body: body ?? {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
