import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

const Text = styled('p')(({ theme }) => ({
  ...theme.typography.caption,
  margin: '3px 14px 0',
  color: theme.palette.text.secondary,
  '&.Mui-error': { color: theme.palette.error.main },
}));

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
    <Text id={id} role={role} className={className}>
      {children}
    </Text>
  );
}
