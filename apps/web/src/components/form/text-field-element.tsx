import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { OutlinedField } from './outlined-field';

export interface TextFieldElementProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  multiline?: boolean;
  minRows?: number;
  /** For `type="number"`: give the form a number (or null when empty) instead of a string. */
  asNumber?: boolean;
  /** For `type="date"`: the latest date (yyyy-mm-dd) the picker offers (SPEC 5). */
  max?: string;
}

/**
 * A text input bound to the form (react-hook-form's `useController`): the field's message (from the contract's checks or from
 * the server's `errors` map) shows under the input and is announced with it (aria-describedby).
 */
export function TextFieldElement<T extends FieldValues>({
  name,
  control,
  label,
  type,
  autoComplete,
  required,
  disabled,
  helperText,
  multiline,
  minRows,
  asNumber = false,
  max,
}: TextFieldElementProps<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <OutlinedField
      label={label}
      required={required}
      disabled={disabled ?? field.disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      shrink={type === 'date' || type === 'time' || type === 'datetime-local'}
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
        inputProps: { ...(autoComplete ? { autoComplete } : {}), ...(max ? { max } : {}) },
      }}
    />
  );
}
