import { idccKey } from '@passerelle/contract/reference-tables';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as specs from '../../../components/sheet-summary/specs';
import { ApiError, call } from '../../../lib/api-client';
import { FieldGroup } from '../common/fields';
import { SpecInputs } from '../common/spec-fields';
import type { useSheet } from '../common/use-sheet';

/**
 * The employer's OPCO (issue 28): derived from the IDCC through the IDCC -> OPCO reference table, set and read-only
 * then; chosen by the employer only when the table gives none for the IDCC (or the IDCC is not given yet).
 */
export function OpcoFields({ form }: { form: ReturnType<typeof useSheet>['form'] }) {
  const { t } = useTranslation('sheets');
  const idcc = idccKey(useWatch({ control: form.control, name: 'employeur.codeIdcc' }));
  const agreement = useQuery({
    queryKey: ['lookups', 'idcc', idcc],
    enabled: idcc !== null,
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    queryFn: ({ signal }) => call('GET /lookups/idcc/:code', { params: { code: idcc ?? '' }, signal }),
  });
  const derived = idcc !== null && agreement.data?.opco ? agreement.data.opco : null;
  const current = useWatch({ control: form.control, name: 'opco.nom' });
  useEffect(() => {
    // The sheet's form is typed per sheet kind: the employer's holds opco.nom.
    if (derived && current !== derived) form.setValue('opco.nom', derived as never, { shouldDirty: true, shouldValidate: true });
  }, [derived, current, form]);
  const note =
    derived && agreement.data
      ? t('opcoDerived.from', { idcc: agreement.data.code, name: agreement.data.libelle })
      : idcc !== null && agreement.isSuccess
        ? t('opcoDerived.none', { idcc })
        : idcc === null
          ? t('opcoDerived.noIdcc')
          : null;
  return (
    <FieldGroup title={t('sections.opco')} description={note ?? undefined}>
      <SpecInputs specs={specs.opcoInputs(derived !== null)} />
    </FieldGroup>
  );
}
