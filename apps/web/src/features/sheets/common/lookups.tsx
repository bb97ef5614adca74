import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { typedMaxLength, type CompanyLookup } from '@passerelle/contract';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { lookupCompany } from '../api/sheets';
import { SheetTextField, useSheetFormContext } from './fields';
import { fieldMessage } from './messages';
import type { SheetValues } from './use-sheet';
import { fill, setField, streetOf } from './form-fill';

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
          maxLength={typedMaxLength(14)}
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
