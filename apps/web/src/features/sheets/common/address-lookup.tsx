import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { AddressSuggestion } from '@passerelle/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ADDRESS_DEBOUNCE_MS = 300;
/** The contract's `addressQueryMinLength` (lookups.ts holds zod schemas, kept out of the screen); shorter queries get a 400. */
const addressQueryMinLength = 3;

type LookupNotice = 'unavailable' | 'noResults' | null;

/**
 * Address search fed by the national address directory: choosing a suggestion fills street, postcode and city.
 * The fields below always stay free: when the directory is down or finds nothing, the form says so and the
 * person types the address.
 */
export default function AddressLookup({
  label,
  search,
  onPick,
}: {
  label: string;
  /** Fills the address fields from the chosen suggestion. */
  onPick: (suggestion: AddressSuggestion) => void;
  /** The directory call; a failure with `isRefused` true (a 400) is a bad query, anything else a service down. */
  search: (query: string, signal: AbortSignal) => Promise<{ found: AddressSuggestion[] } | { isRefused: boolean }>;
}) {
  const { t } = useTranslation('sheets');
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<AddressSuggestion[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [notice, setNotice] = useState<LookupNotice>(null);

  useEffect(() => {
    const query = input.trim();
    if (query.length < addressQueryMinLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      void search(query, controller.signal).then((result) => {
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
  }, [input, search]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Autocomplete<AddressSuggestion, false, false, true>
        freeSolo
        options={options}
        filterOptions={(list) => list}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          setInput(value);
          if (reason === 'input' && value.trim().length < addressQueryMinLength) {
            setOptions([]);
            setNotice(null);
          }
        }}
        onChange={(_event, value) => {
          if (value && typeof value !== 'string') onPick(value);
        }}
        loading={isLoading}
        loadingText={t('lookup.searching')}
        noOptionsText={t('lookup.noAddress')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            helperText={t('lookup.addressHint')}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: <Search aria-hidden fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} />,
                endAdornment: (
                  <>
                    {isLoading ? <CircularProgress size={18} aria-hidden /> : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      <Box aria-live="polite">
        {notice === 'unavailable' ? <Alert severity="warning">{t('lookup.addressUnavailable')}</Alert> : null}
        {notice === 'noResults' ? <Alert severity="info">{t('lookup.noAddress')}</Alert> : null}
      </Box>
    </Box>
  );
}

