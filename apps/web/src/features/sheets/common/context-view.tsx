import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { SpecValues, type FieldSpec } from './spec-fields';

/** A read-only card of what the other party already gave (the applicant's identity on the employer's sheet). */
export function ContextView({ title, specs, source, children }: { title: string; specs: readonly FieldSpec[]; source: unknown; children?: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
      <SpecValues specs={specs} source={source} />
    </Box>
  );
}
