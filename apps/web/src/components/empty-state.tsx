import Inbox from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Defaults to an inbox icon. */
  icon?: ReactNode;
  /** A button or link that gets the person going. */
  action?: ReactNode;
}

/** What a list shows when it has nothing yet: say so plainly and offer the next step. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: 4,
        px: 2,
        color: 'text.secondary',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box aria-hidden sx={{ fontSize: 40, display: 'flex', color: 'text.disabled', '& svg': { fontSize: 'inherit' } }}>
        {icon ?? <Inbox />}
      </Box>
      <Typography component="p" variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {title}
      </Typography>
      {description ? (
        <Typography component="div" variant="body2" sx={{ maxWidth: 480 }}>
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
