import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import type { ReactNode } from 'react';

/**
 * How the labels look beside their values:
 * - `compact`: bold labels in a column as wide as the longest (the settings' seal, the reference tables' versions);
 * - `summary`: small grey labels, the values wider (a sent sheet's answers, the agreed pay);
 * - `terms`: grey labels at the text's size (the funding terms and the 2025 rules).
 * On a phone the value goes under its label.
 */
type DefinitionListVariant = 'compact' | 'summary' | 'terms';

const variants: Record<DefinitionListVariant, SystemStyleObject<Theme>> = {
  compact: {
    gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
    rowGap: 0.5,
    '& > div > dt': { fontWeight: 600 },
    '& > div > dd': { mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' },
  },
  summary: {
    gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' },
    rowGap: { xs: 0.25, sm: 1 },
    '& > div > dt': { color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } },
    '& > div > dd': { color: 'text.primary' },
  },
  terms: {
    gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 1fr) 2fr' },
    rowGap: 1,
    '& > div > dt': { color: 'text.secondary' },
  },
};

/** A label/value grid (`<dl>`): its children are `DefinitionItem`s. */
export function DefinitionList({
  variant,
  sx,
  children,
}: {
  variant: DefinitionListVariant;
  /** Room around the list (a margin), where its place needs it. */
  sx?: SystemStyleObject<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      component="dl"
      sx={[
        { display: 'grid', columnGap: 2, m: 0, '& > div > dd': { m: 0 } },
        variants[variant],
        sx ?? {},
      ]}
    >
      {children}
    </Box>
  );
}

/** One label and its value; the wrapping `div` takes no room in the grid (a `dl` may group its pairs in `div`s). */
export function DefinitionItem({
  label,
  valueSx,
  children,
}: {
  label: ReactNode;
  /** The value's own look (bold, its line breaks kept). */
  valueSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'contents' }}>
      <dt>{label}</dt>
      <Box component="dd" sx={valueSx}>
        {children}
      </Box>
    </Box>
  );
}
