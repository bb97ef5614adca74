import { useCallback } from 'react';
import { serverFieldMessage } from '../../../components/form/server-errors';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';

/**
 * A field message as the person reads it: the contract's and the server's `signature.*` codes (`signature.code_format`)
 * from this screen's texts, the shared validation codes (`file.too_large`) from theirs, any other text as sent (the
 * API words its messages in the page's language).
 */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation('signature');
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = `signature:messages.${message}`;
      return i18n.exists(key)
        ? t(builtKey<'signature'>(`messages.${message}`))
        : serverFieldMessage([message], i18n.language);
    },
    [t, i18n],
  );
}
