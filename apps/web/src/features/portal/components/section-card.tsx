import Card from '@mui/material/Card';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
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

/**
 * The inside of every section card, styled once on the card (issue 13): its padding, title row, icon and title are plain
 * elements with class names, where four MUI components per card computed their own styles at each render (about a
 * fifth of a card's rendering on a phone). Same look: CardContent's padding, the row of Box, Typography's h3.
 */
const sectionCardSx: SystemStyleObject<Theme> = {
  scrollMarginTop: 80,
  transition: 'box-shadow 250ms, outline-color 250ms',
  '& > .section-card-content': { p: { xs: 2, sm: 3 } },
  '& .section-card-head': { display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' },
  '& .section-card-icon': { display: 'flex', color: 'primary.main' },
  '& .section-card-title': { typography: 'h3', m: 0, flex: '1 1 0%', minWidth: 0 },
};

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
        sectionCardSx,
        isFeatured && {
          borderColor: 'primary.main',
          borderLeftWidth: 6,
          bgcolor: (theme) => (theme.palette.mode === 'light' ? '#eef7f1' : 'rgba(92, 196, 140, 0.08)'),
        },
        isTarget && { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2, boxShadow: 6 },
      ]}
    >
      <div className="section-card-content">
        <div className="section-card-head">
          {icon ? (
            <span aria-hidden className="section-card-icon">
              {icon}
            </span>
          ) : null}
          <h2 id={titleId} className="section-card-title">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </div>
    </Card>
  );
}
