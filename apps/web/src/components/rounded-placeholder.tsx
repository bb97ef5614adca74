import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * The grey pulsing block a part of a screen shows while it loads, as MUI's `<Skeleton variant="rounded" height={…} />`
 * draws it (same colour, corners and pulse, none when the person asks for reduced motion) without its code
 * (docs/decisions/0028). It keeps MUI's class name: the end-to-end tests wait until no placeholder is left.
 */
export function RoundedPlaceholder({ height }: { height: number }) {
  return (
    <Box
      component="span"
      className="MuiSkeleton-root"
      sx={(theme) => ({
        display: 'block',
        height,
        borderRadius: `${theme.shape.borderRadius}px`,
        bgcolor: alpha(theme.palette.text.primary, theme.palette.mode === 'light' ? 0.11 : 0.13),
        animation: `${pulse} 2s ease-in-out 0.5s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      })}
    />
  );
}
