import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * A titled part of a back-office screen (a landmark named by its title): a sentence under the title, the part's action
 * beside them (under them on a phone), then its content. The SMIC screen's sections, the reference tables' cards.
 */
export function SectionCard({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {intro}
          </Typography>
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/** A section's action button keeps its words on one line, at the left under the title on a phone. */
export const sectionActionSx = {
  whiteSpace: 'nowrap',
  flexShrink: 0,
  alignSelf: { xs: 'flex-start', sm: 'auto' },
} as const;
