import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { memo, useEffect, useRef, useState } from 'react';
import { OutlinedField } from '../../../../components/form/outlined-field';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: offers search debounce and search minimum. */
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_MIN_LENGTH = 2;

/** What the typed text searches for: nothing under the minimum. */
export function searchedText(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : undefined;
}

export interface OfferSearchFieldProps {
  /** Called 200 ms after the last key with what to search for; must keep its identity (a state setter). */
  onSearch: (query: string | undefined) => void;
  /** The server's refusal of the text, said under the field. */
  error?: string;
}

/**
 * The offers' text search. The typed text lives in the input itself (uncontrolled): a key renders nothing, not even this
 * field, unless the "2 characters at least" hint comes or goes (issue 13: each key rendered the offers card and its 20
 * offers, 250-340 ms at 4x CPU slowdown). The card hears of the text once typing pauses. Clearing the filters mounts a
 * new, empty field (a new `key`).
 */
export const OfferSearchField = memo(function OfferSearchField({ onSearch, error }: OfferSearchFieldProps) {
  const { t } = useTranslation('portal');
  const [isTooShort, setTooShort] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(text: string) {
    const trimmed = text.trim();
    setTooShort(trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(searchedText(text)), SEARCH_DEBOUNCE_MS);
  }

  return (
    <OutlinedField
      label={t('offers.searchLabel')}
      helperText={error ?? (isTooShort ? t('offers.searchMin', { count: SEARCH_MIN_LENGTH }) : ' ')}
      error={Boolean(error)}
      input={{
        type: 'search',
        onChange: (event) => change(event.target.value),
        startAdornment: (
          <InputAdornment position="start">
            <Search />
          </InputAdornment>
        ),
        inputProps: { maxLength: 200 },
      }}
    />
  );
});
