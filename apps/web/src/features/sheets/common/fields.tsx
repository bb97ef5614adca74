import WarningAmber from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReferenceItem, SheetWarnings } from '@passerelle/contract';
import { createContext, useContext, useEffect, useId, type ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { HelperText } from '../../../components/form/helper-text';
import { OutlinedField } from '../../../components/form/outlined-field';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './messages';
import { fieldId, type SheetValues } from './use-sheet';

export interface SheetFormContextValue {
  control: Control<SheetValues>;
  readOnly: boolean;
  warnings: SheetWarnings;
  /** Field labels by path, for the error summary. */
  labels: Map<string, string>;
}

export const SheetFormContext = createContext<SheetFormContextValue | null>(null);

export function useSheetFormContext(): SheetFormContextValue {
  const context = useContext(SheetFormContext);
  if (!context) throw new Error('Sheet fields must be inside a SheetFormContext');
  return context;
}

/** The warnings (non-blocking findings of the server) of one field, in the page's language. */
export function useFieldWarnings(path: string): string[] {
  const { warnings, readOnly } = useSheetFormContext();
  const { i18n } = useTranslation();
  // A sent sheet can no longer be fixed: its findings would only worry.
  if (readOnly) return [];
  return (warnings[path] ?? []).map((issue) => fieldMessage(issue.code, i18n.language, issue.params) ?? issue.code);
}

/** Registers the field's label for the error summary (callers pass their `summaryLabel` when the bare label is ambiguous). */
function useRegisterLabel(path: string, label: string) {
  const { labels } = useSheetFormContext();
  useEffect(() => {
    labels.set(path, label);
  }, [labels, path, label]);
}

function HelperLines({ error, warnings, hint }: { error: string | undefined; warnings: string[]; hint: ReactNode }) {
  if (error) return <>{error}</>;
  if (warnings.length > 0)
    return (
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, color: 'warning.dark' }}>
        {warnings.map((warning) => (
          <Box component="span" key={warning} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
            <WarningAmber aria-hidden sx={{ fontSize: '1rem', mt: '1px' }} />
            <span>{warning}</span>
          </Box>
        ))}
        {hint ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {hint}
          </Box>
        ) : null}
      </Box>
    );
  return <>{hint}</>;
}

export interface SheetTextFieldProps {
  name: string;
  label: string;
  /** Numbers (or null when empty) instead of strings. */
  asNumber?: boolean;
  hint?: ReactNode;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'text';
  /** Latest date (yyyy-mm-dd) a date input offers (SPEC 5). */
  max?: string;
  multiline?: boolean;
  minRows?: number;
  disabled?: boolean;
  /** The label in the error summary, when the bare label repeats on the page (a contact's "Last name"). */
  summaryLabel?: string;
}

/** A text, date or number input of a sheet: its error (translated rule code or zod text) or warnings under it. */
export function SheetTextField({
  name,
  label,
  asNumber = false,
  hint,
  maxLength,
  type,
  autoComplete,
  inputMode,
  max,
  multiline,
  minRows,
  disabled,
  summaryLabel,
}: SheetTextFieldProps) {
  const { control, readOnly } = useSheetFormContext();
  const { i18n } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const warnings = useFieldWarnings(name);
  useRegisterLabel(name, summaryLabel ?? label);
  const error = fieldMessage(fieldState.error?.message, i18n.language);
  return (
    <OutlinedField
      id={fieldId(name)}
      label={label}
      shrink={type === 'date'}
      disabled={readOnly || disabled}
      error={Boolean(error)}
      helperText={
        error || warnings.length > 0 || hint ? <HelperLines error={error} warnings={warnings} hint={hint} /> : undefined
      }
      input={{
        name: field.name,
        type,
        multiline,
        minRows,
        value: typeof field.value === 'string' || typeof field.value === 'number' ? field.value : '',
        // A number field gives the form a number, or null when empty; React keeps "1867." as typed while it reads 1867.
        onChange: (event) => {
          const raw = event.target.value;
          field.onChange(asNumber ? (raw === '' ? null : Number(raw)) : raw);
        },
        onBlur: field.onBlur,
        inputRef: field.ref,
        inputProps: {
          ...(maxLength ? { maxLength } : {}),
          ...(max ? { max } : {}),
          ...(autoComplete ? { autoComplete } : {}),
          ...(asNumber ? { inputMode: 'decimal', step: 'any' } : inputMode ? { inputMode } : {}),
        },
      }}
    />
  );
}

export interface SheetSelectProps {
  name: string;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  options: readonly { value: string; label: string }[];
  /** Label of the empty first choice. */
  emptyLabel: string;
  summaryLabel?: string;
}

/** A long chosen option wraps onto a second line instead of being cut off (the native select is one line high). */
const wrappingSelect = {
  '& .MuiNativeSelect-select': { height: 'auto', minHeight: '1.4375em', whiteSpace: 'normal' },
} as const;

/** A select of a sheet, its values the codes of a reference list: the native select, i.e. the phone's own picker. */
export function SheetSelect({ name, label, options, emptyLabel, hint, disabled, summaryLabel }: SheetSelectProps) {
  const { control, readOnly } = useSheetFormContext();
  const { i18n } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const warnings = useFieldWarnings(name);
  useRegisterLabel(name, summaryLabel ?? label);
  const error = fieldMessage(fieldState.error?.message, i18n.language);
  return (
    <OutlinedField
      id={fieldId(name)}
      label={label}
      disabled={readOnly || disabled}
      error={Boolean(error)}
      helperText={
        error || warnings.length > 0 || hint ? <HelperLines error={error} warnings={warnings} hint={hint} /> : undefined
      }
      input={{
        name: field.name,
        value: typeof field.value === 'string' ? field.value : '',
        onChange: (event) => field.onChange(event.target.value === '' ? null : event.target.value),
        onBlur: field.onBlur,
        inputRef: field.ref,
        sx: wrappingSelect,
      }}
      select={[
        <option key="" value="">
          {emptyLabel}
        </option>,
        ...options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        )),
      ]}
    />
  );
}

/** A yes/no question whose "no" must be said (a required flag): a select rather than a box left unticked. */
export function SheetYesNo({
  name,
  label,
  hint,
  summaryLabel,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  summaryLabel?: string;
}) {
  const { control, readOnly } = useSheetFormContext();
  const { t, i18n } = useTranslation('sheets');
  const { field, fieldState } = useController({ name, control });
  const warnings = useFieldWarnings(name);
  useRegisterLabel(name, summaryLabel ?? label);
  const error = fieldMessage(fieldState.error?.message, i18n.language);
  const value: unknown = field.value;
  return (
    <OutlinedField
      id={fieldId(name)}
      label={label}
      disabled={readOnly}
      error={Boolean(error)}
      helperText={
        error || warnings.length > 0 || hint ? <HelperLines error={error} warnings={warnings} hint={hint} /> : undefined
      }
      input={{
        name: field.name,
        value: value === true ? 'yes' : value === false ? 'no' : '',
        onChange: (event) =>
          field.onChange(event.target.value === 'yes' ? true : event.target.value === 'no' ? false : null),
        onBlur: field.onBlur,
        inputRef: field.ref,
      }}
      select={[
        <option key="" value="">
          {t('choose')}
        </option>,
        <option key="yes" value="yes">
          {t('yes')}
        </option>,
        <option key="no" value="no">
          {t('no')}
        </option>,
      ]}
    />
  );
}

export const referenceOptions = (list: readonly ReferenceItem[], withCode = false) =>
  list.map((item) => ({ value: item.code, label: withCode ? `${item.code} - ${item.label}` : item.label }));

/** A yes/no box of a sheet. */
export function SheetCheckbox({
  name,
  label,
  hint,
  summaryLabel,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  summaryLabel?: string;
}) {
  const { control, readOnly } = useSheetFormContext();
  const { i18n } = useTranslation();
  const { field, fieldState } = useController({ name, control });
  const warnings = useFieldWarnings(name);
  useRegisterLabel(name, summaryLabel ?? label);
  const helperId = useId();
  const error = fieldMessage(fieldState.error?.message, i18n.language);
  const hasHelper = Boolean(error || warnings.length > 0 || hint);
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', '& > .MuiFormHelperText-root': { mt: 0 } }}>
      <CheckboxField
        id={fieldId(name)}
        name={field.name}
        label={label}
        checked={field.value === true}
        disabled={readOnly}
        error={Boolean(error)}
        describedBy={hasHelper ? helperId : undefined}
        inputRef={field.ref}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
      />
      {hasHelper ? (
        <HelperText id={helperId} error={Boolean(error)} disabled={readOnly}>
          <HelperLines error={error} warnings={warnings} hint={hint} />
        </HelperText>
      ) : null}
    </Box>
  );
}

/**
 * A titled group of fields laid out on a responsive grid. `nested`: a group inside another (one person among the
 * company's contacts), its title smaller; put it in a wide `Cell`.
 */
export function FieldGroup({
  title,
  description,
  nested = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  nested?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const titleSx = nested
    ? { fontSize: '0.95rem', fontWeight: 600, mb: description ? 0.5 : 1.5 }
    : { fontSize: '1.05rem', fontWeight: 600, mb: description ? 0.5 : 2 };
  return (
    <Box component="fieldset" aria-labelledby={titleId} sx={{ border: 0, p: 0, m: 0, mt: nested ? 1 : 0, minWidth: 0 }}>
      <Typography id={titleId} component="legend" variant="h3" sx={titleSx}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 2 }}>{children}</Box>
    </Box>
  );
}

/**
 * One grid cell: half a row from the small breakpoint up, the whole row when `wide`. A CSS grid of 12 columns lays the
 * cells out as MUI's Grid did (same widths and gaps), without its code (docs/decisions/0028).
 */
export function Cell({
  children,
  wide = false,
  third = false,
}: {
  children: ReactNode;
  wide?: boolean;
  third?: boolean;
}) {
  const span = (columns: number) => `span ${columns}`;
  return (
    <Box
      sx={{ minWidth: 0, gridColumn: { xs: span(12), sm: span(wide ? 12 : 6), md: span(wide ? 12 : third ? 4 : 6) } }}
    >
      {children}
    </Box>
  );
}
