import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Cell, SheetTextField } from './fields';
import { AddressLookup } from './lookups';
import type { SheetValues } from './use-sheet';

/** Street, complement, postcode and city of an address block, with the directory search above them. */
export function AddressFields({ form, prefix, withLookup = true }: { form: UseFormReturn<SheetValues>; prefix: string; withLookup?: boolean }) {
  const { t } = useTranslation('sheets');
  return (
    <>
      {withLookup ? (
        <Cell wide>
          <AddressLookup form={form} prefix={prefix} label={t('lookup.addressLabel')} />
        </Cell>
      ) : null}
      <Cell wide>
        <SheetTextField name={`${prefix}.voie`} label={t('fields.voie')} autoComplete="off" maxLength={200} />
      </Cell>
      <Cell wide>
        <SheetTextField name={`${prefix}.complement`} label={t('fields.complement')} autoComplete="off" maxLength={200} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.codePostal`} label={t('fields.codePostal')} inputMode="numeric" autoComplete="off" maxLength={5} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.commune`} label={t('fields.commune')} autoComplete="off" maxLength={100} />
      </Cell>
    </>
  );
}

/** Last name, first name, e-mail and phone of a person block. */
export function PersonFields({ prefix, withPhone = true }: { prefix: string; withPhone?: boolean }) {
  const { t } = useTranslation('sheets');
  return (
    <>
      <Cell>
        <SheetTextField name={`${prefix}.nom`} label={t('fields.nom')} autoComplete="off" maxLength={100} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.prenom`} label={t('fields.prenom')} autoComplete="off" maxLength={100} />
      </Cell>
      <Cell>
        <SheetTextField name={`${prefix}.courriel`} label={t('fields.courriel')} type="email" autoComplete="off" maxLength={254} />
      </Cell>
      {withPhone ? (
        <Cell>
          <SheetTextField name={`${prefix}.telephone`} label={t('fields.telephone')} type="tel" autoComplete="off" maxLength={20} />
        </Cell>
      ) : null}
    </>
  );
}
