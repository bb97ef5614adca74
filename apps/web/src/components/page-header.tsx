import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
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

/**
 * The page header's styles, computed once for the header (issue 13: its boxes and texts computed their own at each
 * render of every screen's first paint): the title is Typography's h1, the subtitle its body1 in the secondary colour.
 */
const pageHeaderSx: SystemStyleObject<Theme> = {
  display: 'flex',
  flexDirection: { xs: 'column', sm: 'row' },
  alignItems: { xs: 'stretch', sm: 'flex-end' },
  justifyContent: 'space-between',
  gap: 2,
  mb: 3,
  '& .page-header-text': { minWidth: 0 },
  '& .page-header-title': { typography: 'h1', m: 0, outline: 'none' },
  '& .page-header-context': { mt: 0.75 },
  '& .page-header-subtitle': { typography: 'body1', color: 'text.secondary', mt: 0.5 },
  '& .page-header-actions': { display: 'flex', gap: 1, flexWrap: 'wrap' },
};

export function PageHeader({ title, subtitle, context, actions }: PageHeaderProps) {
  return (
    <Box component="header" sx={pageHeaderSx}>
      <div className="page-header-text">
        <h1 className="page-header-title" tabIndex={-1}>
          {title}
        </h1>
        {context ? <div className="page-header-context">{context}</div> : null}
        {subtitle ? <div className="page-header-subtitle">{subtitle}</div> : null}
      </div>
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </Box>
  );
}
