import { errorCodes, type ErrorCode } from '@passerelle/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

const knownCodes = new Set<string>(errorCodes);
const isErrorCode = (code: string): code is ErrorCode => knownCodes.has(code);

/** Translated text of a failure: `common:errors.<CODE>` for API errors, NETWORK when the server was not reached. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.code === 'NETWORK') return t('errors.NETWORK');
        if (isErrorCode(error.code)) return t(`errors.${error.code}`);
      }
      return t('errors.INTERNAL');
    },
    [t],
  );
}
