import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReferenceItem } from '@passerelle/contract';
import { useLists, type ListName } from './use-lists';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '@passerelle/contract/rules/dates';
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
  /** SPEC 5, "date inputs can take a maximum date": 'today' for a date that has happened (a birth date). */
  max?: 'today';
}

/** Fields under a sub-title: one person among several asked the same details (name, e-mail), each group says whose. */
export interface SpecGroup {
  /** i18n key in `sheets:sections`. */
  title: string;
  specs: readonly FieldSpec[];
}

/**
 * Editable inputs for fields of the person's own blocks. `group`: whose fields these are (a contact's title), added to
 * their labels in the error summary, where "Last name" alone would not say whose.
 */
export function SpecInputs({ specs, group }: { specs: readonly FieldSpec[]; group?: string }) {
  const { t } = useTranslation('sheets');
  const lists = useLists();
  return (
    <>
      {specs.map((spec) => {
        const label = t(`fields.${spec.label}`);
        const hint = spec.hint ? t(`hints.${spec.hint}`) : undefined;
        const summaryLabel = group ? t('summary.fieldOf', { label, group }) : undefined;
        let input: ReactNode;
        switch (spec.type ?? 'text') {
          case 'select':
            input = (
              <SheetSelect
                name={spec.path}
                label={label}
                summaryLabel={summaryLabel}
                hint={hint}
                options={referenceOptions(spec.options ? lists[spec.options] : [], spec.withCode)}
                emptyLabel={t('choose')}
                disabled={spec.locked}
              />
            );
            break;
          case 'checkbox':
            input = <SheetCheckbox name={spec.path} label={label} summaryLabel={summaryLabel} hint={hint} />;
            break;
          case 'yesno':
            input = <SheetYesNo name={spec.path} label={label} summaryLabel={summaryLabel} hint={hint} />;
            break;
          case 'number':
            input = <SheetTextField name={spec.path} label={label} summaryLabel={summaryLabel} hint={hint} type="number" asNumber disabled={spec.locked} />;
            break;
          case 'textarea':
            input = <SheetTextField name={spec.path} label={label} summaryLabel={summaryLabel} hint={hint} multiline minRows={4} maxLength={spec.maxLength} disabled={spec.locked} />;
            break;
          default:
            input = (
              <SheetTextField
                name={spec.path}
                label={label}
                summaryLabel={summaryLabel}
                hint={hint}
                type={spec.type ?? 'text'}
                autoComplete={spec.autoComplete ?? 'off'}
                maxLength={spec.maxLength}
                max={spec.max === 'today' ? todayIso() : undefined}
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
  // A box left unticked says "no"; a yes/no question nobody answered stays unanswered.
  if (spec.type === 'checkbox') return value === true ? yes : no;
  if (value === undefined || value === null || value === '') return '—';
  switch (spec.type) {
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

/**
 * The other party's answers, read-only, as a list of label and value: labels in the theme's secondary text colour and
 * values in its primary one, both above WCAG AA's 4.5:1 on the card.
 */
/** Whether a field holds an answer: a box left unticked does ("no"), an empty field does not. */
export function isAnswered(spec: FieldSpec, source: unknown): boolean {
  const value = valueAt(source, spec.path);
  return spec.type === 'checkbox' || (value !== undefined && value !== null && value !== '');
}

/** The labels that repeat for every person a sheet names: they say whose when `person` is given. */
const personLabels: ReadonlySet<string> = new Set(['nom', 'prenom', 'courriel', 'telephone']);

export function SpecValues({
  specs,
  source,
  person,
  hideEmpty = false,
}: {
  specs: readonly FieldSpec[];
  source: unknown;
  person?: string | undefined;
  /** Leaves out the fields nobody filled in (a sent sheet's summary). */
  hideEmpty?: boolean;
}) {
  const { t, i18n } = useTranslation('sheets');
  const shown = hideEmpty ? specs.filter((spec) => isAnswered(spec, source)) : specs;
  // Whose answers these are, when two people are asked the same details on one sheet (the apprentice's and the contact's name).
  const labelFor = (spec: FieldSpec) => (person && personLabels.has(spec.label) ? t('summary.fieldOf', { label: t(`fields.${spec.label}`), group: person }) : t(`fields.${spec.label}`));
  const lists = useLists();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 }, m: 0 }}>
      {shown.map((spec) => (
        <Box key={spec.path} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } }}>
            {labelFor(spec)}
          </Box>
          <Box component="dd" sx={{ m: 0, color: 'text.primary', overflowWrap: 'anywhere', whiteSpace: spec.type === 'textarea' ? 'pre-line' : undefined }}>
            {displayValue(spec, spec.options ? lists[spec.options] : undefined, valueAt(source, spec.path), i18n.language, t('yes'), t('no'))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** One person's fields inside a block: a fieldset with its legend when editable, a sub-headed list otherwise. */
function SpecGroupView({ group, editable, source }: { group: SpecGroup; editable: boolean; source: unknown }) {
  const { t } = useTranslation('sheets');
  const titleId = useId();
  const title = t(`sections.${group.title}`);
  if (editable)
    return (
      <Cell wide>
        <FieldGroup title={title} nested>
          <SpecInputs specs={group.specs} group={title} />
        </FieldGroup>
      </Cell>
    );
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h4" sx={{ fontSize: '0.95rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <SpecValues specs={group.specs} source={source} />
    </Box>
  );
}

/**
 * A block of fields: inputs when the person fills it in, read-only values when the other party does. `groups`: fields
 * of several people, each under its own title (after `specs`).
 */
export function SpecBlock({
  title,
  description,
  specs = [],
  groups = [],
  editable,
  source,
  children,
}: {
  title: string;
  description?: ReactNode;
  specs?: readonly FieldSpec[];
  groups?: readonly SpecGroup[];
  editable: boolean;
  source: unknown;
  children?: ReactNode;
}) {
  const titleId = useId();
  const groupViews = groups.map((group) => <SpecGroupView key={group.title} group={group} editable={editable} source={source} />);
  if (editable)
    return (
      <FieldGroup title={title} description={description}>
        {children}
        <SpecInputs specs={specs} />
        {groupViews}
      </FieldGroup>
    );
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: -1 }}>
        {title}
      </Typography>
      {specs.length > 0 ? <SpecValues specs={specs} source={source} /> : null}
      {groupViews}
    </Box>
  );
}
