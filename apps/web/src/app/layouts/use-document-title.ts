import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** SPEC "Navigation behaviour": the page title is the route title followed by the product title. */
export function useDocumentTitle() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  let titleKey: string | undefined;
  for (const match of matches) {
    const handle = match.handle as { title?: unknown } | undefined;
    if (typeof handle?.title === 'string') titleKey = handle.title;
  }
  const product = t('productName');
  const title = titleKey ? `${t(titleKey)} - ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
