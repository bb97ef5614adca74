import type { Language } from '@passerelle/contract';
import type {
  CmsSectionName,
  ForumBody,
  PartnerBody,
  PartnerLogoResponse,
  StaffCmsBody,
  StaffCmsSection,
  StaffForumResponse,
  StaffPartner,
  StaffPartnersResponse,
  StaffPublicFile,
  StaffPublicFilesResponse,
} from '@passerelle/contract/staff-content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const cmsKey = (section: CmsSectionName, lang: Language) => ['staff', 'cms', section, lang] as const;
const filesKey = ['staff', 'content', 'public-files'] as const;
const partnersKey = ['staff', 'content', 'partners'] as const;
const forumKey = ['staff', 'content', 'forum'] as const;

export const cmsSectionQueryOptions = (section: CmsSectionName, lang: Language) =>
  queryOptions({
    queryKey: cmsKey(section, lang),
    queryFn: ({ signal }) => api<StaffCmsSection>(`/staff/cms/${section}?lang=${lang}`, { signal }),
  });

export const useCmsSection = (section: CmsSectionName, lang: Language) =>
  useQuery(cmsSectionQueryOptions(section, lang));

export function useSaveCmsSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, lang, body }: { section: CmsSectionName; lang: Language; body: StaffCmsBody }) =>
      api<StaffCmsSection>(`/staff/cms/${section}?lang=${lang}`, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(cmsKey(saved.section, saved.lang), saved),
  });
}

export const usePublicFiles = () =>
  useQuery({
    queryKey: filesKey,
    queryFn: ({ signal }) => api<StaffPublicFilesResponse>('/staff/content/public-files', { signal }),
  });
export const usePartners = () =>
  useQuery({
    queryKey: partnersKey,
    queryFn: ({ signal }) => api<StaffPartnersResponse>('/staff/content/partners', { signal }),
  });
export const useForum = () =>
  useQuery({
    queryKey: forumKey,
    queryFn: ({ signal }) => api<StaffForumResponse>('/staff/content/forum', { signal }),
  });

/** A change to one of the lists; the list is read again after it, whatever the answer. */
function useListChange<Variables, Answer>(
  key: readonly string[],
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useUploadPublicFile = () =>
  useListChange(filesKey, ({ file, name }: { file: File; name: string }) => {
    const body = new FormData();
    if (name.trim()) body.append('name', name.trim());
    body.append('file', file);
    return api<{ file: StaffPublicFile }>('/staff/content/public-files', { method: 'POST', body });
  });
export const useRenamePublicFile = () =>
  useListChange(filesKey, ({ id, name }: { id: number; name: string }) =>
    api<{ file: StaffPublicFile }>(`/staff/content/public-files/${id}`, { method: 'PUT', body: { name } }),
  );
export const useDeletePublicFile = () =>
  useListChange(filesKey, (id: number) => api<undefined>(`/staff/content/public-files/${id}`, { method: 'DELETE' }));
export const useOrderPublicFiles = () =>
  useListChange(filesKey, (ids: number[]) =>
    api<StaffPublicFilesResponse>('/staff/content/public-files/order', { method: 'PUT', body: { ids } }),
  );

export function uploadPartnerLogo(file: File): Promise<PartnerLogoResponse> {
  const body = new FormData();
  body.append('file', file);
  return api<PartnerLogoResponse>('/staff/content/partner-logos', { method: 'POST', body });
}
export const useSavePartner = () =>
  useListChange(partnersKey, ({ id, body }: { id?: number; body: PartnerBody }) =>
    api<{ partner: StaffPartner }>(id === undefined ? '/staff/content/partners' : `/staff/content/partners/${id}`, {
      method: id === undefined ? 'POST' : 'PUT',
      body,
    }),
  );
export const useDeletePartner = () =>
  useListChange(partnersKey, (id: number) => api<undefined>(`/staff/content/partners/${id}`, { method: 'DELETE' }));
export const useOrderPartners = () =>
  useListChange(partnersKey, (ids: number[]) =>
    api<StaffPartnersResponse>('/staff/content/partners/order', { method: 'PUT', body: { ids } }),
  );

export const useSaveForum = () =>
  useListChange(forumKey, (body: ForumBody) =>
    api<StaffForumResponse>('/staff/content/forum', { method: 'PUT', body }),
  );
