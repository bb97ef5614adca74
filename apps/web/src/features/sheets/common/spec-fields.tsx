import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReferenceItem } from '@passerelle/contract';
import { useLists, type ListName } from './use-lists';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from './dates';
import { valueAt } from './contract-mirrors';
import { Cell, FieldGroup, referenceOptions, SheetCheckbox, SheetSelect, SheetTextField, SheetYesNo } from './fields';

/** One field of a sheet described as data: the same description gives the input and its read-only view. */
export interface FieldSpec {
  path: string;
  /** i18n key in `sheets:fields`. */
  label: string;
  type?: 'text' | 'date' | 'email' | 'tel' | 'number' | 'select' | 'checkbox' | 'yesno' | 'textarea';
  /** The reference list of a select. */
  options?: ListName;
  hint?: string;
  wide?: boolean;
  maxLength?: number;
  /** Options shown with their code (départements). */
  withCode?: boolean;
  /** Shown read-only even on the editing side (the IDCC once set). */
  locked?: boolean;
  /** The person's own details (their name, birth date): the browser may fill them. Off otherwise. */
  autoComplete?: string;
}

/** Editable inputs for fields of the person's own blocks. */
export function SpecInputs({ specs }: { specs: readonly FieldSpec[] }) {
  const { t } = useTranslation('sheets');
  const lists = useLists();
  return (
    <>
      {specs.map((spec) => {
        const label = t(`fields.${spec.label}`);
        const hint = spec.hint ? t(`hints.${spec.hint}`) : undefined;
        let input: ReactNode;
        switch (spec.type ?? 'text') {
          case 'select':
            input = (
              <SheetSelect name={spec.path} label={label} hint={hint} options={referenceOptions(spec.options ? lists[spec.options] : [], spec.withCode)} emptyLabel={t('choose')} disabled={spec.locked} />
            );
            break;
          case 'checkbox':
            input = <SheetCheckbox name={spec.path} label={label} hint={hint} />;
            break;
          case 'yesno':
            input = <SheetYesNo name={spec.path} label={label} hint={hint} />;
            break;
          case 'number':
            input = <SheetTextField name={spec.path} label={label} hint={hint} type="number" asNumber disabled={spec.locked} />;
            break;
          case 'textarea':
            input = <SheetTextField name={spec.path} label={label} hint={hint} multiline minRows={4} maxLength={spec.maxLength} disabled={spec.locked} />;
            break;
          default:
            input = (
              <SheetTextField
                name={spec.path}
                label={label}
                hint={hint}
                type={spec.type ?? 'text'}
                autoComplete={spec.autoComplete ?? 'off'}
                maxLength={spec.maxLength}
                disabled={spec.locked}
              />
            );
        }
        return (
          <Cell key={spec.path} wide={spec.wide || spec.type === 'checkbox' || spec.type === 'textarea'}>
            {input}
          </Cell>
        );
      })}
    </>
  );
}

const labelOf = (options: readonly ReferenceItem[] | undefined, code: string) => options?.find((item) => item.code === code)?.label;

function displayValue(spec: FieldSpec, options: readonly ReferenceItem[] | undefined, value: unknown, language: string, yes: string, no: string): string {
  if (value === undefined || value === null || value === '') return '—';
  switch (spec.type) {
    case 'checkbox':
    case 'yesno':
      return value === true ? yes : no;
    case 'date':
      return typeof value === 'string' ? formatDate(value, language) : '—';
    case 'select':
      if (typeof value !== 'string') return '—';
      return spec.withCode ? `${value} - ${labelOf(options, value) ?? ''}` : (labelOf(options, value) ?? value);
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : '—';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
  }
}

/** The other party's answers, read-only, as a list of label and value. */
export function SpecValues({ specs, source }: { specs: readonly FieldSpec[]; source: unknown }) {
  const { t, i18n } = useTranslation('sheets');
  const lists = useLists();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}>
      {specs.map((spec) => (
        <Box key={spec.path} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } }}>
            {t(`fields.${spec.label}`)}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {displayValue(spec, spec.options ? lists[spec.options] : undefined, valueAt(source, spec.path), i18n.language, t('yes'), t('no'))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** A block of fields: inputs when the person fills it in, read-only values when the other party does. */
export function SpecBlock({
  title,
  description,
  specs,
  editable,
  source,
  children,
}: {
  title: string;
  description?: ReactNode;
  specs: readonly FieldSpec[];
  editable: boolean;
  source: unknown;
  children?: ReactNode;
}) {
  const titleId = useId();
  if (editable)
    return (
      <FieldGroup title={title} description={description}>
        {children}
        <SpecInputs specs={specs} />
      </FieldGroup>
    );
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <SpecValues specs={specs} source={source} />
    </Box>
  );
}
