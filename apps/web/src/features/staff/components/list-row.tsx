import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * One row of a back-office list (a formation, an account): what it is on the left, its actions on the right, stacked
 * on phones; rows are separated by a rule.
 */
export function ListRow({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'space-between',
        gap: 1.5,
        py: 2,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>{children}</Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {actions}
      </Box>
    </Box>
  );
}
