import type { InputBaseComponentProps } from '@mui/material/InputBase';
import { OutlinedField } from '../../../components/form/outlined-field';
import { formatValidationText, isValidationTextCode } from '@passerelle/contract/rules/validation-texts';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  helperText?: string;
}

/**
 * A text, date, e-mail, phone or URL input bound to the form. The contract says null for "not given": an emptied
 * input stores null, and null shows as an empty input.
 */
export function TextInput<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  type = 'text',
  autoComplete,
  maxLength,
  max,
}: BaseProps<T> & { type?: string; autoComplete?: string; maxLength?: number; /** Latest date (yyyy-mm-dd) the picker offers. */ max?: string }) {
  const { i18n } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  const htmlInput: InputBaseComponentProps = { autoComplete, maxLength, ...(max ? { max } : {}) };
  const message = fieldState.error?.message;
  // Rules the contract names by code (a date in the future) are put into the page's language.
  const error = message && isValidationTextCode(message) ? formatValidationText(message, i18n.language.startsWith('en') ? 'en-US' : 'fr-FR') : message;
  return (
    <OutlinedField
      label={label}
      required={required}
      error={Boolean(fieldState.error)}
      helperText={error ?? helperText ?? ' '}
      shrink={type === 'date'}
      input={{
        name: field.name,
        inputRef: field.ref,
        type,
        value: typeof value === 'string' ? value : '',
        onChange: (event) => field.onChange(event.target.value === '' && !required ? null : event.target.value),
        onBlur: field.onBlur,
        inputProps: htmlInput,
      }}
    />
  );
}

export interface SelectOption {
  /** The value in the form; null means "not given". */
  value: string | number | null;
  label: string;
}

const encode = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A choice among a few options (native select: the phone's own picker, and keyboard-friendly). */
export function SelectInput<T extends FieldValues>({ control, name, label, required, helperText, options }: BaseProps<T> & { options: SelectOption[] }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <OutlinedField
      label={label}
      required={required}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      input={{
        name: field.name,
        inputRef: field.ref,
        value: encode(field.value),
        onChange: (event) => field.onChange(options.find((option) => encode(option.value) === event.target.value)?.value ?? null),
        onBlur: field.onBlur,
      }}
      select={options.map((option) => (
        <option key={encode(option.value)} value={encode(option.value)}>
          {option.label}
        </option>
      ))}
    />
  );
}
