import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The message under a field, in MUI's FormHelperText style (caption, error colour when it says what is wrong), without
 * MUI's form-control machinery (docs/decisions/0028). Its class names are MUI's, for the screens' own styles.
 */
export function HelperText({
  id,
  error,
  disabled,
  role,
  children,
}: {
  id?: string;
  error?: boolean;
  disabled?: boolean;
  role?: 'alert';
  children: ReactNode;
}) {
  const className = `MuiFormHelperText-root${error ? ' Mui-error' : ''}${disabled ? ' Mui-disabled' : ''}`;
  return (
    <Box
      component="p"
      id={id}
      role={role}
      className={className}
      sx={{ typography: 'caption', m: '3px 14px 0', color: error ? 'error.main' : 'text.secondary' }}
    >
      {children}
    </Box>
  );
}
