import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's one h1; the layout moves focus to it after each navigation. */
  title: string;
  subtitle?: ReactNode;
  /** What the page is about, right under the title and before the subtitle (e.g. whose case a sheet is). */
  context?: ReactNode;
  /** Buttons on the right (below the title on phones). */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, context, actions }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" tabIndex={-1} sx={{ outline: 'none' }}>
          {title}
        </Typography>
        {context ? (
          <Box component="div" sx={{ mt: 0.75 }}>
            {context}
          </Box>
        ) : null}
        {subtitle ? (
          <Typography component="div" variant="body1" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
  );
}
