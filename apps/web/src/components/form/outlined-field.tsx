import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export interface OutlinedFieldProps {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Keeps the label above the input (dates, selects). */
  shrink?: boolean;
  /** Render a native select with these <option> children instead of a text input. */
  select?: ReactNode;
  input: Omit<OutlinedInputProps, 'label' | 'error' | 'required' | 'disabled' | 'id'>;
  /** The input's id, when the page needs to find it (focus the first invalid field); generated otherwise. */
  id?: string;
}

/**
 * The look of MUI's TextField built from its parts: TextField always brings the whole Select and Menu machinery
 * (about 12 KB compressed) into a screen even when it shows only text inputs. Label, input and message are linked
 * (htmlFor, aria-describedby), as TextField does.
 */
export function OutlinedField({ label, error, helperText, required, disabled, shrink, select, input, id: givenId }: OutlinedFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helperId = `${id}-helper`;
  const common = {
    id,
    label,
    error: Boolean(error),
    required: Boolean(required),
    disabled: Boolean(disabled),
    'aria-describedby': helperText ? helperId : undefined,
  };
  return (
    <FormControl fullWidth error={Boolean(error)} required={Boolean(required)} disabled={Boolean(disabled)}>
      <InputLabel htmlFor={id} shrink={shrink || select !== undefined ? true : undefined}>
        {label}
      </InputLabel>
      {select !== undefined ? (
        <NativeSelect input={<OutlinedInput {...input} {...common} notched />}>{select}</NativeSelect>
      ) : (
        <OutlinedInput {...input} {...common} {...(shrink ? { notched: true } : {})} />
      )}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
