import type { InviteStaffBody } from '@passerelle/contract/staff-accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const accountsKey = ['staff', 'accounts'] as const;

export const staffAccountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsKey,
    queryFn: ({ signal }) => call('GET /staff/accounts', { signal }),
  });

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions());

/** POST /staff/accounts: creates or invites again, and mails the personal link. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteStaffBody) => call('POST /staff/accounts', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

/** POST /staff/accounts/:id/deactivate or /reactivate. Read again whatever the answer: another admin may have acted. */
export function useAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'deactivate' | 'reactivate' }) =>
      call(`POST /staff/accounts/:id/${action}`, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
