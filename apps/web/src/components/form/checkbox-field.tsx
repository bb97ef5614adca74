import Box from '@mui/material/Box';
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';

const boxPath = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const checkedPath =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

/**
 * A labelled check box in MUI's look (its box and tick icons, the primary colour when ticked, a ring on keyboard focus),
 * drawn on a native input without MUI's Checkbox, SwitchBase and FormControlLabel (docs/decisions/0028). The label is
 * the input's own (`<label>` around it); the class names are MUI's, for the screens' own styles.
 */
export function CheckboxField({
  id,
  name,
  label,
  checked,
  disabled,
  error,
  describedBy,
  inputRef,
  onChange,
  onBlur,
}: {
  id?: string;
  name?: string;
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  error?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}) {
  const state = `${checked ? ' Mui-checked' : ''}${disabled ? ' Mui-disabled' : ''}`;
  return (
    <Box
      component="label"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        verticalAlign: 'middle',
        ml: '-11px',
        mr: 2,
        cursor: disabled ? 'default' : 'pointer',
      }}
    >
      <Box
        component="span"
        className={`MuiCheckbox-root${state}`}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          p: '9px',
          borderRadius: '50%',
          color: disabled ? 'action.disabled' : checked ? 'primary.main' : 'text.secondary',
          '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -4 },
          '&:hover': disabled ? undefined : { bgcolor: 'action.hover' },
        }}
      >
        <Box
          component="input"
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          disabled={disabled}
          aria-invalid={error || undefined}
          aria-describedby={describedBy}
          ref={inputRef}
          onChange={onChange}
          onBlur={onBlur}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            m: 0,
            p: 0,
            opacity: 0,
            cursor: 'inherit',
            zIndex: 1,
          }}
        />
        <Box
          component="svg"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          sx={{ width: '1em', height: '1em', fontSize: '1.5rem', fill: 'currentColor' }}
        >
          <path d={checked ? checkedPath : boxPath} />
        </Box>
      </Box>
      <Box
        component="span"
        className={`MuiFormControlLabel-label${state}`}
        sx={{ typography: 'body1', color: disabled ? 'text.disabled' : error ? 'error.main' : undefined }}
      >
        {label}
      </Box>
    </Box>
  );
}
