import { useCallback } from 'react';
import { ApiError } from '../lib/api-client';
import { useTranslation } from 'react-i18next';

/**
 * Translated text of a failure: `common:errors.<CODE>` for API errors (locales.test.ts checks every code of the
 * contract has one), NETWORK when the server was not reached, the generic text otherwise.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && i18n.exists(`common:errors.${error.code}`)) return t(`errors.${error.code}`);
      return t('errors.INTERNAL');
    },
    [t, i18n],
  );
}
