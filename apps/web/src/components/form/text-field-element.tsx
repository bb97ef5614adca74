import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type TextFieldElementProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue' | 'inputRef'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** For `type="number"`: give the form a number (or null when empty) instead of a string. */
  asNumber?: boolean;
};

/**
 * A MUI TextField bound to react-hook-form: the field's message (from zod or from the server's `errors` map) shows
 * under the input and is announced with it (aria-describedby through helperText).
 */
export function TextFieldElement<T extends FieldValues>({
  name,
  control,
  asNumber = false,
  helperText,
  ...rest
}: TextFieldElementProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const value: unknown = field.value;
  return (
    <TextField
      fullWidth
      {...rest}
      name={field.name}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={(event) => {
        const raw = event.target.value;
        if (!asNumber) field.onChange(raw);
        else field.onChange(raw === '' ? null : Number(raw));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={rest.disabled ?? field.disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
