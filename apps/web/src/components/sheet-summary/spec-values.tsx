import type { ReferenceItem } from '@passerelle/contract';
import { DefinitionItem, DefinitionList } from '../definition-list';
import { formatDate } from '../../lib/date-format';
import { formatNumber } from '../../lib/number-format';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../lib/i18n';
import { useLists, type ListName } from './use-lists';
import { valueAt } from './value-at';

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

const labelOf = (options: readonly ReferenceItem[] | undefined, code: string) =>
  options?.find((item) => item.code === code)?.label;

function displayValue(
  spec: FieldSpec,
  options: readonly ReferenceItem[] | undefined,
  value: unknown,
  language: string,
  yes: string,
  no: string,
): string {
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
      return typeof value === 'number' ? formatNumber(value, language) : '—';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
  }
}

/** Whether a field holds an answer: a box left unticked does ("no"), an empty field does not. */
export function isAnswered(spec: FieldSpec, source: unknown): boolean {
  const value = valueAt(source, spec.path);
  return spec.type === 'checkbox' || (value !== undefined && value !== null && value !== '');
}

/** The labels that repeat for every person a sheet names: they say whose when `person` is given. */
const personLabels: ReadonlySet<string> = new Set(['nom', 'prenom', 'courriel', 'telephone']);

/**
 * The answers, read-only, as a list of label and value: labels in the theme's secondary text colour and values in its
 * primary one, both above WCAG AA's 4.5:1 on the card.
 */
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
  const labelFor = (spec: FieldSpec) =>
    person && personLabels.has(spec.label)
      ? t('summary.fieldOf', { label: t(builtKey<'sheets'>(`fields.${spec.label}`)), group: person })
      : t(builtKey<'sheets'>(`fields.${spec.label}`));
  const lists = useLists();
  return (
    <DefinitionList variant="summary">
      {shown.map((spec) => (
        <DefinitionItem
          key={spec.path}
          label={labelFor(spec)}
          valueSx={{ overflowWrap: 'anywhere', whiteSpace: spec.type === 'textarea' ? 'pre-line' : undefined }}
        >
          {displayValue(
            spec,
            spec.options ? lists[spec.options] : undefined,
            valueAt(source, spec.path),
            i18n.language,
            t('yes'),
            t('no'),
          )}
        </DefinitionItem>
      ))}
    </DefinitionList>
  );
}
