import type { CfaSettingsBody } from '@passerelle/contract/staff-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const cfaSettingsKey = ['staff', 'settings', 'cfa'] as const;

export const cfaSettingsQueryOptions = () =>
  queryOptions({
    queryKey: cfaSettingsKey,
    queryFn: ({ signal }) => call('GET /staff/settings/cfa', { signal }),
  });

export const useCfaSettings = () => useQuery(cfaSettingsQueryOptions());

/** PUT /staff/settings/cfa: the whole identity; the answer is what is now in force. */
export function useSaveCfaSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CfaSettingsBody) => call('PUT /staff/settings/cfa', { body }),
    onSuccess: (saved) => queryClient.setQueryData(cfaSettingsKey, saved),
  });
}
