import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

export type SelectElementProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'children' | 'defaultValue'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  options: readonly SelectOption[];
  /** Adds an empty first choice that sets the field to null. */
  emptyLabel?: string;
};

/** A select bound to react-hook-form; values keep their type (number options give numbers). */
export function SelectElement<T extends FieldValues>({
  name,
  control,
  options,
  emptyLabel,
  helperText,
  ...rest
}: SelectElementProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const value: unknown = field.value;
  return (
    <TextField
      fullWidth
      {...rest}
      select
      name={field.name}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(event) => {
        const raw = event.target.value;
        const option = options.find((o) => String(o.value) === raw);
        field.onChange(option ? option.value : null);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    >
      {emptyLabel !== undefined ? (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
