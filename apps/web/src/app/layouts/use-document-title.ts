import { useEffect } from 'react';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../lib/i18n';
import { useMatches } from 'react-router';

/**
 * SPEC "Navigation behaviour": the page title is the route title followed by the product title. A route may name
 * another title for a signed-in person (`signedInTitle`: /unauthorized, where unknown paths land, says "not found").
 */
export function useDocumentTitle() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const { token, user } = useAuth();
  let titleKey: string | undefined;
  for (const match of matches) {
    const handle = match.handle as { title?: unknown; signedInTitle?: unknown } | undefined;
    if (typeof handle?.title === 'string') titleKey = handle.title;
    if (token && user && typeof handle?.signedInTitle === 'string') titleKey = handle.signedInTitle;
  }
  const product = t('productName');
  const title = titleKey ? `${t(builtKey<'common'>(titleKey))} - ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
