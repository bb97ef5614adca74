import type { HeaderInfos } from '@passerelle/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api-client';
import { authStore, useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { feedLanguage } from '../../lib/i18n';

/**
 * The applicant's name, start year and formation for the header, from the content feed's headerInfos (SPEC section
 * 7). Same query key and answer as the portal screens, so the feed is fetched once. Failures stay silent (SPEC 8);
 * the last known values, kept in the auth store, show meanwhile.
 */
export function useHeaderInfos(): HeaderInfos | null {
  const { i18n } = useTranslation();
  const { token, user, admissibleInfo } = useAuth();
  const lang = feedLanguage(i18n.language);
  const cms = useQuery({
    queryKey: ['cms', lang],
    queryFn: ({ signal }) => call('GET /admissibles/portal/cms', { query: { lang }, signal }),
    enabled: Boolean(token) && user?.userType === 'admissible',
  });
  const fresh = cms.data?.headerInfos;
  useEffect(() => {
    if (fresh) authStore.setAdmissibleInfo(fresh);
  }, [fresh]);
  if (user?.userType !== 'admissible') return null;
  return fresh ?? admissibleInfo;
}
