import type { ApplicantImportResponse, InviteApplicantsBody, InviteApplicantsResponse, StaffApplicantsResponse } from '@passerelle/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /api/staff/applicants with the list's parameters, as the address holds them. */
export const staffApplicantsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['staff', 'applicants', query],
    queryFn: ({ signal }) => api<StaffApplicantsResponse>(`/staff/applicants${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useStaffApplicants = (query: string) => useQuery(staffApplicantsQueryOptions(query));

/** POST /api/staff/applicants/import: a dry run checks the file, the real run stores it (all lines or none). */
export function useImportApplicants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return api<ApplicantImportResponse>(`/staff/applicants/import?dryRun=${String(dryRun)}`, { method: 'POST', body: form });
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
        ? api<InviteApplicantsResponse>(`/staff/applicants/${target.id}/invite`, { method: 'POST' })
        : api<InviteApplicantsResponse>('/staff/applicants/invite', { method: 'POST', body: target }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'applicants'] }),
  });
}
