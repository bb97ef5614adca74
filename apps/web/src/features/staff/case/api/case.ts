import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import type { CaseActionPath } from '../components/case-intents';

export const staffCaseKey = (id: number) => ['staff', 'dossiers', id] as const;

export const staffCaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffCaseKey(id),
    queryFn: ({ signal }) => call('GET /staff/dossiers/:id', { params: { id }, signal }),
  });

export const useStaffCase = (id: number) => useQuery(staffCaseQueryOptions(id));

type CaseActionKey = `POST /staff/dossiers/:id/${CaseActionPath}`;

export interface CaseActionInput {
  action: CaseActionPath;
  /** The action's body as its contract schema gives it (the dialog's form checks it with that schema); none for contract-prepared. */
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
      call(`POST /staff/dossiers/:id/${action}` satisfies CaseActionKey, {
        params: { id },
        // The dialog builds each action's body from its form, checked with the action's own contract schema.
        body: body ?? {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
