import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/**
 * What a screen's dialog just saved, said under the screen's title: a live region in the page from the start (it
 * announces what comes into it), taking no room while empty.
 */
export function SavedNotice({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  return (
    <Box role="status" aria-live="polite" sx={{ mb: notice ? 2 : 0 }}>
      {notice ? (
        <Alert severity="success" onClose={onClose}>
          {notice}
        </Alert>
      ) : null}
    </Box>
  );
}
