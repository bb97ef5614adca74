import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface CheckboxElementProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label: ReactNode;
  disabled?: boolean;
  helperText?: ReactNode;
}

/** A checkbox bound to a boolean field, its message under it. */
export function CheckboxElement<T extends FieldValues>({
  name,
  control,
  label,
  disabled,
  helperText,
}: CheckboxElementProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const helperId = useId();
  const message = fieldState.error?.message ?? helperText;
  return (
    <FormControl error={Boolean(fieldState.error)} disabled={disabled ?? field.disabled}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': message ? helperId : undefined } }}
          />
        }
      />
      {message ? <FormHelperText id={helperId}>{message}</FormHelperText> : null}
    </FormControl>
  );
}
