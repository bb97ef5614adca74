import type { Language } from '@passerelle/contract';
import type { CmsSectionName, ForumBody, PartnerBody, PartnerLogoResponse, StaffCmsBody } from '@passerelle/contract/staff-content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';

const cmsKey = (section: CmsSectionName, lang: Language) => ['staff', 'cms', section, lang] as const;
const filesKey = ['staff', 'content', 'public-files'] as const;
const partnersKey = ['staff', 'content', 'partners'] as const;
const forumKey = ['staff', 'content', 'forum'] as const;

export const cmsSectionQueryOptions = (section: CmsSectionName, lang: Language) =>
  queryOptions({
    queryKey: cmsKey(section, lang),
    queryFn: ({ signal }) => call('GET /staff/cms/:section', { params: { section }, query: { lang }, signal }),
  });

export const useCmsSection = (section: CmsSectionName, lang: Language) =>
  useQuery(cmsSectionQueryOptions(section, lang));

export function useSaveCmsSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, lang, body }: { section: CmsSectionName; lang: Language; body: StaffCmsBody }) =>
      call('PUT /staff/cms/:section', { params: { section }, query: { lang }, body }),
    onSuccess: (saved) => queryClient.setQueryData(cmsKey(saved.section, saved.lang), saved),
  });
}

export const usePublicFiles = () =>
  useQuery({
    queryKey: filesKey,
    queryFn: ({ signal }) => call('GET /staff/content/public-files', { signal }),
  });
export const usePartners = () =>
  useQuery({
    queryKey: partnersKey,
    queryFn: ({ signal }) => call('GET /staff/content/partners', { signal }),
  });
export const useForum = () =>
  useQuery({
    queryKey: forumKey,
    queryFn: ({ signal }) => call('GET /staff/content/forum', { signal }),
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
    return call('POST /staff/content/public-files', { body });
  });
export const useRenamePublicFile = () =>
  useListChange(filesKey, ({ id, name }: { id: number; name: string }) =>
    call('PUT /staff/content/public-files/:id', { params: { id }, body: { name } }),
  );
export const useDeletePublicFile = () =>
  useListChange(filesKey, (id: number) => call('DELETE /staff/content/public-files/:id', { params: { id } }));
export const useOrderPublicFiles = () =>
  useListChange(filesKey, (ids: number[]) =>
    call('PUT /staff/content/public-files/order', { body: { ids } }),
  );

export function uploadPartnerLogo(file: File): Promise<PartnerLogoResponse> {
  const body = new FormData();
  body.append('file', file);
  return call('POST /staff/content/partner-logos', { body });
}
export const useSavePartner = () =>
  useListChange(partnersKey, ({ id, body }: { id?: number; body: PartnerBody }) =>
    id === undefined
      ? call('POST /staff/content/partners', { body })
      : call('PUT /staff/content/partners/:id', { params: { id }, body }),
  );
export const useDeletePartner = () =>
  useListChange(partnersKey, (id: number) => call('DELETE /staff/content/partners/:id', { params: { id } }));
export const useOrderPartners = () =>
  useListChange(partnersKey, (ids: number[]) =>
    call('PUT /staff/content/partners/order', { body: { ids } }),
  );

export const useSaveForum = () =>
  useListChange(forumKey, (body: ForumBody) =>
    call('PUT /staff/content/forum', { body }),
  );
