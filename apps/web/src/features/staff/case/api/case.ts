import type { RouteBody, RouteMap } from '@passerelle/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import { useRequestKey } from '../../../../lib/request-key';
import type { CaseActionPath } from '../components/case-intents';

export const staffCaseKey = (id: number) => ['staff', 'dossiers', id] as const;

export const staffCaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffCaseKey(id),
    queryFn: ({ signal }) => call('GET /staff/dossiers/:id', { params: { id }, signal }),
  });

export const useStaffCase = (id: number) => useQuery(staffCaseQueryOptions(id));

type CaseActionKey<Action extends CaseActionPath> = `POST /staff/dossiers/:id/${Action}`;

/** An action's body as its route declares it (the input of the route's body schema). */
export type CaseActionBody<Action extends CaseActionPath> = RouteBody<RouteMap[CaseActionKey<Action>]>;

/** One action and its body, typed together: each action takes its own route's body. */
export type CaseActionInput = {
  [Action in CaseActionPath]: { action: Action; body: CaseActionBody<Action> };
}[CaseActionPath];

/**
 * One action of the case page (POST /staff/dossiers/:id/<action>). Whatever the answer (done, 409 because the case
 * moved on, 400), the case is read again: the page then shows the state the server holds, and the pipeline's lists too.
 * Each try of the action carries its Idempotency-Key (a double click on "prepare the contract" prepares it once), a new
 * one once it succeeded.
 */
export function useCaseAction(id: number) {
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  return useMutation({
    mutationFn: ({ action, body }: CaseActionInput) =>
      call(`POST /staff/dossiers/:id/${action}` satisfies CaseActionKey<CaseActionPath>, {
        params: { id },
        body,
        idempotencyKey: requestKey.get(),
      }),
    onSuccess: () => requestKey.renew(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
