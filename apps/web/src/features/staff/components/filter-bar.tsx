import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { DebouncedTextField } from './debounced-text-field';

/**
 * The filters above a back-office list (applicants, offers): a search sent once the person stops typing, then the
 * list's own choices (`children`, a `FilterSelect`, a checkbox), wrapping on narrow screens.
 */
export function FilterBar({
  label,
  searchLabel,
  search,
  onSearch,
  children,
}: {
  /** The section's accessible name. */
  label: string;
  searchLabel: string;
  search: string;
  onSearch: (q: string) => void;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={label}
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <DebouncedTextField
        type="search"
        label={searchLabel}
        value={search}
        onCommit={onSearch}
        size="small"
        sx={{ flex: '1 1 260px' }}
      />
      {children}
    </Paper>
  );
}

/** A native select of a `FilterBar`: its `<option>`s are the children. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' }, minWidth: 180 }}
    >
      {children}
    </TextField>
  );
}
