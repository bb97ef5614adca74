import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled part of the screen (a landmark named by its title), with an optional sentence under the title. */
export function SettingsSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
