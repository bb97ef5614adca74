import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { keyframes } from '@mui/material/styles';
import { visuallyHidden } from './visually-hidden';

const rotate = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;
const dash = keyframes`
  0% { stroke-dasharray: 1px, 200px; stroke-dashoffset: 0; }
  50% { stroke-dasharray: 100px, 200px; stroke-dashoffset: -15px; }
  100% { stroke-dasharray: 1px, 200px; stroke-dashoffset: -126px; }
`;

/**
 * CircularProgress's look (40 px, primary, the same two animations) in plain SVG and CSS: the spinner is in every
 * first load, MUI's component is not (docs/decisions/0027-first-load.md). `data-loading` tells the e2e waits it is there.
 */
function Spinner() {
  return (
    <Box
      component="span"
      aria-hidden
      data-loading=""
      sx={{
        display: 'inline-block',
        width: 40,
        height: 40,
        color: 'primary.main',
        animation: `${rotate} 1.4s linear infinite`,
      }}
    >
      <svg viewBox="22 22 44 44" style={{ display: 'block' }}>
        <Box
          component="circle"
          cx={44}
          cy={44}
          r={20.2}
          fill="none"
          strokeWidth={3.6}
          sx={{
            stroke: 'currentColor',
            strokeDasharray: '80px, 200px',
            strokeDashoffset: 0,
            animation: `${dash} 1.4s ease-in-out infinite`,
          }}
        />
      </svg>
    </Box>
  );
}

/** Waiting for a screen, the user or a sign-in; the label is read by screen readers and shown under the spinner. */
export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  const text = label ?? t('loading');
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, minHeight: '50vh' }}
      role="status"
      aria-live="polite"
    >
      <Spinner />
      <Typography variant="body2" sx={label ? { color: 'text.secondary' } : visuallyHidden}>
        {text}
      </Typography>
    </Box>
  );
}
