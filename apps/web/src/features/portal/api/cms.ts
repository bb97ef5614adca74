import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { feedLanguage } from '../../../lib/i18n';

/** The header reads the same key: one request serves both. */
export const cmsQueryKey = (lang: 'fr' | 'en') => ['cms', lang] as const;

export const cmsQueryOptions = (lang: 'fr' | 'en') =>
  queryOptions({
    queryKey: cmsQueryKey(lang),
    queryFn: ({ signal }) => call('GET /admissibles/portal/cms', { query: { lang }, signal }),
  });

export function useCms() {
  const { i18n } = useTranslation();
  return useQuery(cmsQueryOptions(feedLanguage(i18n.language)));
}
