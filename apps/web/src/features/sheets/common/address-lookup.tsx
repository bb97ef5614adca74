import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { AddressSuggestion } from '@passerelle/contract';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { OutlinedField } from '../../../components/form/outlined-field';
import { useTranslation } from 'react-i18next';

const ADDRESS_DEBOUNCE_MS = 300;
/** The contract's `addressQueryMinLength` (lookups.ts holds zod schemas, kept out of the screen); shorter queries get a 400. */
const addressQueryMinLength = 3;

type LookupNotice = 'unavailable' | 'noResults' | null;

const optionIdOf = (listId: string, index: number) => `${listId}-option-${index}`;

/** The directory call; a failure with `isRefused` true (a 400) is a bad query, anything else a service down. */
export type AddressSearch = (
  query: string,
  signal: AbortSignal,
) => Promise<{ found: AddressSuggestion[] } | { isRefused: boolean }>;

/** Asks the directory for `query` once typing pauses; the answers, the notice and the pending state follow. */
function useAddressSuggestions(query: string, search: AddressSearch) {
  const [options, setOptions] = useState<AddressSuggestion[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [notice, setNotice] = useState<LookupNotice>(null);
  const isTooShort = query.trim().length < addressQueryMinLength;

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < addressQueryMinLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      void search(trimmed, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        if ('found' in result) {
          setOptions(result.found);
          setNotice(result.found.length === 0 ? 'noResults' : null);
        } else {
          setOptions([]);
          setNotice(result.isRefused ? null : 'unavailable');
        }
        setLoading(false);
      });
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  // A query too short to send shows nothing of the previous one.
  return isTooShort ? { options: [], isLoading: false, notice: null } : { options, isLoading, notice };
}

/**
 * Address search fed by the national address directory: choosing a suggestion fills street, postcode and city.
 * The fields below always stay free: when the directory is down or finds nothing, the form says so and the
 * person types the address.
 *
 * A WAI-ARIA combobox (editable, list autocomplete) on the app's light field rather than MUI's Autocomplete, which
 * brought TextField, Select and Popper (~21 KB compressed) to every sheet with an address.
 */
export default function AddressLookup({
  label,
  search,
  onPick,
}: {
  label: string;
  /** Fills the address fields from the chosen suggestion. */
  onPick: (suggestion: AddressSuggestion) => void;
  search: AddressSearch;
}) {
  const { t } = useTranslation('sheets');
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => optionIdOf(id, index);
  const [input, setInput] = useState('');
  // What the person typed: a picked suggestion fills the box without searching again.
  const [query, setQuery] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { options, isLoading, notice } = useAddressSuggestions(query, search);
  const isExpanded = isOpen && options.length > 0;
  const activeOption = isExpanded && active >= 0 && active < options.length ? active : -1;

  useEffect(() => {
    if (activeOption < 0) return;
    // Keeps the highlighted suggestion in view when the list scrolls (jsdom has no scrollIntoView).
    document.getElementById(optionIdOf(id, activeOption))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeOption]);

  function pick(suggestion: AddressSuggestion) {
    setInput(suggestion.label);
    setOpen(false);
    setActive(-1);
    onPick(suggestion);
  }

  /** Arrow keys: open the list on the first or last suggestion, then go round it. */
  function move(step: 1 | -1) {
    if (options.length === 0) return;
    setOpen(true);
    if (activeOption < 0) setActive(step === 1 ? 0 : options.length - 1);
    else setActive((activeOption + step + options.length) % options.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        // The search box holds no value of the sheet: Enter there picks a suggestion, it never sends the form.
        event.preventDefault();
        const option = activeOption >= 0 ? options[activeOption] : undefined;
        if (option) pick(option);
        break;
      }
      case 'Escape':
        if (!isExpanded) return;
        // Closes the list only, not a dialog around the form.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
        break;
      default:
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ position: 'relative' }}>
        <OutlinedField
          label={label}
          helperText={t('lookup.addressHint')}
          input={{
            value: input,
            onChange: (event) => {
              setInput(event.target.value);
              setQuery(event.target.value);
              setOpen(true);
              setActive(-1);
            },
            onKeyDown,
            onBlur: () => setOpen(false),
            startAdornment: <Search aria-hidden fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} />,
            endAdornment: isLoading ? <CircularProgress size={18} aria-hidden /> : null,
            inputProps: {
              role: 'combobox',
              autoComplete: 'off',
              'aria-autocomplete': 'list',
              'aria-expanded': isExpanded,
              'aria-controls': isExpanded ? listboxId : undefined,
              'aria-activedescendant': activeOption >= 0 ? optionId(activeOption) : undefined,
            },
          }}
        />
        {isOpen && (isExpanded || isLoading) ? (
          <Paper
            elevation={8}
            sx={{
              position: 'absolute',
              top: 56,
              left: 0,
              right: 0,
              zIndex: 'modal',
              mt: 0.5,
              maxHeight: '40vh',
              overflowY: 'auto',
            }}
          >
            {isExpanded ? (
              <Box
                component="ul"
                role="listbox"
                id={listboxId}
                aria-label={label}
                sx={{ listStyle: 'none', m: 0, py: 1, px: 0 }}
              >
                {options.map((option, index) => (
                  <Box
                    component="li"
                    key={`${option.label}-${index}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeOption}
                    // Keeps the focus in the box: the click picks, the blur would close the list first.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => pick(option)}
                    sx={{
                      px: 2,
                      py: 1,
                      cursor: 'pointer',
                      bgcolor: index === activeOption ? 'action.hover' : undefined,
                    }}
                  >
                    {option.label}
                  </Box>
                ))}
              </Box>
            ) : (
              <Box sx={{ px: 2, py: 1.5, color: 'text.secondary' }}>{t('lookup.searching')}</Box>
            )}
          </Paper>
        ) : null}
      </Box>
      <Box aria-live="polite">
        {notice === 'unavailable' ? <Alert severity="warning">{t('lookup.addressUnavailable')}</Alert> : null}
        {notice === 'noResults' ? <Alert severity="info">{t('lookup.noAddress')}</Alert> : null}
      </Box>
    </Box>
  );
}
