import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function FullPageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }} role="status" aria-live="polite">
      <CircularProgress aria-label="…" />
    </Box>
  );
}
