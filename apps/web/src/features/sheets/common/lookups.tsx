import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { addressQueryMinLength, type AddressSuggestion, type CompanyLookup } from '@passerelle/contract';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { lookupAddress, lookupCompany } from '../api/sheets';
import { SheetTextField, useSheetFormContext } from './fields';
import { fieldMessage } from './messages';
import type { SheetValues } from './use-sheet';

const ADDRESS_DEBOUNCE_MS = 300;
const fill = { shouldDirty: true, shouldValidate: true } as const;

/** Fills a field as if typed: marked dirty (so it autosaves) and validated. */
function setField(form: UseFormReturn<SheetValues>, path: string, value: unknown, options: typeof fill) {
  form.setValue(path, value as never, options);
}

type LookupNotice = 'unavailable' | 'noResults' | null;

function streetOf(suggestion: { numeroVoie: string | null; voie: string | null }): string {
  return [suggestion.numeroVoie, suggestion.voie].filter(Boolean).join(' ');
}

/**
 * Address search fed by the national address directory: choosing a suggestion fills street, postcode and city.
 * The fields below always stay free: when the directory is down or finds nothing, the form says so and the
 * person types the address.
 */
export function AddressLookup({ form, prefix, label }: { form: UseFormReturn<SheetValues>; prefix: string; label: string }) {
  const { t } = useTranslation('sheets');
  const { readOnly } = useSheetFormContext();
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
      lookupAddress(query, controller.signal).then(
        (found) => {
          setOptions(found);
          setNotice(found.length === 0 ? 'noResults' : null);
          setLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setNotice(error instanceof ApiError && error.status === 400 ? null : 'unavailable');
          setLoading(false);
        },
      );
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input]);

  if (readOnly) return null;
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
          if (!value || typeof value === 'string') return;
          setField(form, `${prefix}.voie`, streetOf(value), fill);
          if (value.codePostal) setField(form, `${prefix}.codePostal`, value.codePostal, fill);
          if (value.commune) setField(form, `${prefix}.commune`, value.commune, fill);
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

/** The company fields a sheet holds, filled from the directory when present. */
export interface CompanyFill {
  denomination?: boolean;
  adresse?: boolean;
  codeApe?: boolean;
  codeIdcc?: boolean;
  typeEmployeur?: boolean;
}

/**
 * SIRET input with a look-up button: the company directory fills name, address, NAF, IDCC and employer type.
 * A closed establishment gives a warning; a slow or absent directory leaves every field to manual entry.
 */
export function SiretLookup({
  form,
  prefix,
  fills,
  idccLocked = false,
}: {
  form: UseFormReturn<SheetValues>;
  prefix: string;
  fills: CompanyFill;
  /** The information sheet keeps the IDCC it started from (SPEC 5). */
  idccLocked?: boolean;
}) {
  const { t, i18n } = useTranslation('sheets');
  const { readOnly } = useSheetFormContext();
  const [isLoading, setLoading] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'warning' | 'info' | 'success'; text: string } | null>(null);
  const [effectif, setEffectif] = useState<string | null>(null);

  function apply(company: CompanyLookup) {
    if (fills.denomination) setField(form, `${prefix}.denomination`, company.denomination, fill);
    if (fills.adresse) {
      setField(form, `${prefix}.adresse.voie`, streetOf(company.adresse), fill);
      if (company.adresse.complement) setField(form, `${prefix}.adresse.complement`, company.adresse.complement, fill);
      if (company.adresse.codePostal) setField(form, `${prefix}.adresse.codePostal`, company.adresse.codePostal, fill);
      if (company.adresse.commune) setField(form, `${prefix}.adresse.commune`, company.adresse.commune, fill);
    }
    if (fills.codeApe && company.codeNaf) setField(form, `${prefix}.codeApe`, company.codeNaf, fill);
    const currentIdcc: unknown = form.getValues(`${prefix}.codeIdcc`);
    const idcc = company.idccs[0];
    if (fills.codeIdcc && idcc && !(idccLocked && currentIdcc)) setField(form, `${prefix}.codeIdcc`, idcc, fill);
    if (fills.typeEmployeur && company.typeEmployeur) setField(form, `${prefix}.typeEmployeur`, company.typeEmployeur, fill);
    setEffectif(company.effectif);
  }

  async function lookUp() {
    const siret = String(form.getValues(`${prefix}.siret`) ?? '').replace(/\s/g, '');
    form.clearErrors(`${prefix}.siret`);
    setNotice(null);
    if (!/^\d{14}$/.test(siret)) {
      form.setError(`${prefix}.siret`, { type: 'lookup', message: 'siret.format' }, { shouldFocus: true });
      return;
    }
    setLoading(true);
    try {
      const { data, warnings } = await lookupCompany(siret);
      apply(data);
      const warning = warnings[0];
      setNotice(
        warning
          ? { severity: 'warning', text: fieldMessage(warning.code, i18n.language) ?? warning.code }
          : { severity: 'success', text: t('lookup.companyFound', { name: data.denomination }) },
      );
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        const message = Object.values(error.errors)[0]?.[0] ?? 'siret.not_found';
        form.setError(`${prefix}.siret`, { type: 'server', message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 404) {
        form.setError(`${prefix}.siret`, { type: 'server', message: 'siret.not_found' }, { shouldFocus: true });
      } else {
        setNotice({ severity: 'info', text: t('lookup.companyUnavailable') });
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <SheetTextField
          name={`${prefix}.siret`}
          label={t('fields.siret')}
          hint={t('hints.siret')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
        />
        {readOnly ? null : (
          <Button
            variant="outlined"
            onClick={() => void lookUp()}
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={16} aria-hidden /> : <Search />}
            sx={{ mt: { sm: 1 }, flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('lookup.companyButton')}
          </Button>
        )}
      </Box>
      <Box aria-live="polite">
        {notice ? <Alert severity={notice.severity}>{notice.text}</Alert> : null}
        {effectif ? <Alert severity="info" sx={{ mt: 1 }}>{t('lookup.effectif', { band: effectif })}</Alert> : null}
      </Box>
    </Box>
  );
}
