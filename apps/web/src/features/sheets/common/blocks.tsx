import { lazy, Suspense } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { typedMaxLength } from '@passerelle/contract/rules/schemas';
import { Cell, SheetTextField, useSheetFormContext } from './fields';

import type { SheetValues } from './use-sheet';
import { ApiError } from '../../../lib/api-client';
import { lookupAddress } from '../api/sheets';
import { fill, setField, streetOf } from './form-fill';
import { RoundedPlaceholder } from '../../../components/rounded-placeholder';

/** The search box (MUI Autocomplete) comes after the fields it fills: typing by hand never waits for it. */
const AddressLookup = lazy(() => import('./address-lookup'));

async function searchAddress(query: string, signal: AbortSignal) {
  try {
    return { found: await lookupAddress(query, signal) };
  } catch (error) {
    return { isRefused: error instanceof ApiError && error.status === 400 };
  }
}

/** Autofill tokens of a person's own address (WCAG 1.3.5); a company's address is never filled from the browser's. */
const ownAddressTokens = { voie: 'address-line1', complement: 'address-line2', codePostal: 'postal-code', commune: 'address-level2' };
const noTokens = { voie: 'off', complement: 'off', codePostal: 'off', commune: 'off' };

/** Street, complement, postcode and city of an address block, with the directory search above them. */
export function AddressFields({
  form,
  prefix,
  withLookup = true,
  isOwnAddress = false,
}: {
  form: UseFormReturn<SheetValues>;
  prefix: string;
  withLookup?: boolean;
  /** The address of the person filling the sheet in. */
  isOwnAddress?: boolean;
}) {
  const { t } = useTranslation('sheets');
  const { readOnly } = useSheetFormContext();
  const tokens = isOwnAddress ? ownAddressTokens : noTokens;
  return (
    <>
      {withLookup && !readOnly ? (
        <Cell wide>
          <Suspense fallback={<RoundedPlaceholder height={56} />}>
            <AddressLookup
              label={isOwnAddress ? t('lookup.ownAddressLabel') : t('lookup.addressLabel')}
              search={searchAddress}
              onPick={(suggestion) => {
                setField(form, `${prefix}.voie`, streetOf(suggestion), fill);
                if (suggestion.codePostal) setField(form, `${prefix}.codePostal`, suggestion.codePostal, fill);
                if (suggestion.commune) setField(form, `${prefix}.commune`, suggestion.commune, fill);
              }}
            />
          </Suspense>
        </Cell>
      ) : null}
      <Cell wide>
        <SheetTextField name={`${prefix}.voie`} label={t('fields.voie')} autoComplete={tokens.voie} maxLength={200} />
      </Cell>
      <Cell wide>
        <SheetTextField name={`${prefix}.complement`} label={t('fields.complement')} autoComplete={tokens.complement} maxLength={200} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.codePostal`} label={t('fields.codePostal')} inputMode="numeric" autoComplete={tokens.codePostal} maxLength={5} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.commune`} label={t('fields.commune')} autoComplete={tokens.commune} maxLength={100} />
      </Cell>
    </>
  );
}

/** Last name, first name, e-mail and phone of a person block. `group`: whose details, for the error summary. */
export function PersonFields({ prefix, withPhone = true, group }: { prefix: string; withPhone?: boolean; group?: string }) {
  const { t } = useTranslation('sheets');
  const summaryLabel = (label: string) => (group ? t('summary.fieldOf', { label, group }) : undefined);
  return (
    <>
      <Cell>
        <SheetTextField name={`${prefix}.nom`} label={t('fields.nom')} summaryLabel={summaryLabel(t('fields.nom'))} autoComplete="off" maxLength={100} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.prenom`} label={t('fields.prenom')} summaryLabel={summaryLabel(t('fields.prenom'))} autoComplete="off" maxLength={100} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.courriel`} label={t('fields.courriel')} summaryLabel={summaryLabel(t('fields.courriel'))} type="email" autoComplete="off" maxLength={254} />
      </Cell>
      {withPhone ? (
        <Cell>
          <SheetTextField name={`${prefix}.telephone`} label={t('fields.telephone')} summaryLabel={summaryLabel(t('fields.telephone'))} type="tel" autoComplete="off" maxLength={typedMaxLength(20)} />
        </Cell>
      ) : null}
    </>
  );
}
