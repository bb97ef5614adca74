import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../lib/number-format';

export interface PagerProps {
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The page size's label, for a list of something else than cases ("Applicants per page"). */
  pageSizeLabel?: string;
}

/**
 * Paging of the list: the range shown, first, previous, next and last page, and the page size. Built from the shell's
 * own parts rather than MUI's TablePagination, whose tooltips and arrows, shared with other screens, would become
 * chunks named in the first load (docs/decisions/0017-back-office-pipeline-screen.md).
 */
export function Pager({ total, page, pageSize, pageSizes, onPage, onPageSize, pageSizeLabel }: PagerProps) {
  const { t, i18n } = useTranslation('staff');
  const number = numberFormat(i18n.language);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const buttons = [
    { key: 'first', target: 1, icon: <FirstPage />, disabled: page <= 1 },
    { key: 'previous', target: page - 1, icon: <ChevronLeft />, disabled: page <= 1 },
    { key: 'next', target: page + 1, icon: <ChevronRight />, disabled: page >= lastPage },
    { key: 'last', target: lastPage, icon: <LastPage />, disabled: page >= lastPage },
  ] as const;
  return (
    <Box
      component="nav"
      aria-label={t('pagination.label')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        mt: 1.5,
      }}
    >
      <TextField
        select
        size="small"
        label={pageSizeLabel ?? t('pagination.rowsPerPage')}
        value={String(pageSize)}
        onChange={(event) => onPageSize(Number(event.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: 150 }}
      >
        {pageSizes.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </TextField>
      <Typography variant="body2" sx={{ minWidth: 110, textAlign: 'center' }}>
        {t('pagination.displayed', { from: number.format(from), to: number.format(to), count: number.format(total) })}
      </Typography>
      <Box sx={{ display: 'flex' }}>
        {buttons.map((button) => (
          <IconButton
            key={button.key}
            aria-label={t(`pagination.${button.key}`)}
            disabled={button.disabled}
            onClick={() => onPage(button.target)}
          >
            {button.icon}
          </IconButton>
        ))}
      </Box>
    </Box>
  );
}
