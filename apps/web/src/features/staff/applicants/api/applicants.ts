import type { InviteApplicantsBody } from '@passerelle/contract';
import type { RouteMap, RouteQuery } from '@passerelle/contract/routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

/** The list's filters and page, as the API reads them. */
export type StaffApplicantsListQuery = RouteQuery<RouteMap['GET /staff/applicants']>;

/** GET /api/staff/applicants with the list's parameters, as the address holds them. */
export const staffApplicantsQueryOptions = (query: StaffApplicantsListQuery) =>
  queryOptions({
    queryKey: ['staff', 'applicants', query],
    queryFn: ({ signal }) => call('GET /staff/applicants', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useStaffApplicants = (query: StaffApplicantsListQuery) => useQuery(staffApplicantsQueryOptions(query));

/** POST /api/staff/applicants/import: a dry run checks the file, the real run stores it (all lines or none). */
export function useImportApplicants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun, confirm }: { file: File; dryRun: boolean; confirm?: number[] }) => {
      const form = new FormData();
      form.append('file', file);
      // The stored applicants whose changes staff confirmed (ids, never addresses, in the URL).
      const confirmed = confirm?.length ? { confirm: confirm.join(',') } : {};
      return call('POST /staff/applicants/import', { query: { dryRun: dryRun ? 'true' : 'false', ...confirmed }, body: form });
    },
    onSuccess: (result, { dryRun }) => {
      if (!dryRun && result.imported > 0) void queryClient.invalidateQueries({ queryKey: ['staff', 'applicants'] });
    },
  });
}

/** One applicant's invitation (or its resend), or the bulk invitation of an import's applicants. */
export function useInviteApplicants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { id: number } | InviteApplicantsBody) =>
      'id' in target
        ? call('POST /staff/applicants/:id/invite', { params: { id: target.id } })
        : call('POST /staff/applicants/invite', { body: target }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'applicants'] }),
  });
}
