import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useHashTarget, useScrollToHash } from '../utils/hash-target';

export interface SectionCardProps {
  /** Anchor of the card: `#<id>` in the address highlights it. */
  id: string;
  title: ReactNode;
  children: ReactNode;
  /** Buttons beside the title. */
  action?: ReactNode;
  icon?: ReactNode;
  /** The news card stands out (SPEC: "highlighted"). */
  isFeatured?: boolean;
}

/** A titled card of the portal screens, a landmark region named by its title. */
export function SectionCard({ id, title, children, action, icon, isFeatured = false }: SectionCardProps) {
  const titleId = useId();
  const isTarget = useHashTarget() === id;
  useScrollToHash(id, isTarget);
  return (
    <Card
      id={id}
      component="section"
      aria-labelledby={titleId}
      data-highlighted={isTarget || undefined}
      sx={[
        { scrollMarginTop: 80, transition: 'box-shadow 250ms, outline-color 250ms' },
        isFeatured && {
          borderColor: 'primary.main',
          borderLeftWidth: 6,
          bgcolor: (theme) => (theme.palette.mode === 'light' ? '#eef7f1' : 'rgba(92, 196, 140, 0.08)'),
        },
        isTarget && { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2, boxShadow: 6 },
      ]}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          {icon ? (
            <Box aria-hidden sx={{ display: 'flex', color: 'primary.main' }}>
              {icon}
            </Box>
          ) : null}
          <Typography id={titleId} variant="h3" component="h2" sx={{ flex: '1 1 0%', minWidth: 0 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
