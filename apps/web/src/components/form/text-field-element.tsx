import { useController, type Control, type FieldPath, type FieldValues } from './use-form';
import { OutlinedField } from './outlined-field';
import { useFieldText } from './field-text';

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
 * A text input bound to the form (components/form/use-form): the field's message (from the contract's checks or from
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
  const text = useFieldText(field.value, field.onChange, asNumber);
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
        ...text,
        onBlur: field.onBlur,
        inputRef: field.ref,
        inputProps: { ...(autoComplete ? { autoComplete } : {}), ...(max ? { max } : {}) },
      }}
    />
  );
}
