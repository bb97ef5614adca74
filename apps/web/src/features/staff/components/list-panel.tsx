import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { Pager } from './pager';

/** A page of a back-office list as the API sends it. */
interface ListPage {
  total: number;
  items: readonly unknown[];
}

/** The list's query (TanStack Query's result): what the panel shows while it loads or when it fails. */
interface ListQuery<T extends ListPage> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * A paged back-office list (applicants, offers): its failure with a retry, a progress bar while it loads, then how
 * many match, the rows (`children`) or what an empty list says, and the pager.
 */
export function ListPanel<T extends ListPage>({
  list,
  loadingLabel,
  label,
  countText,
  isCountLive = false,
  empty,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
  pageSizeLabel,
  children,
}: {
  list: ListQuery<T>;
  loadingLabel: string;
  /** The section's accessible name, when it has one. */
  label?: string;
  countText: (total: number) => string;
  /** Whether the count is announced as it changes. */
  isCountLive?: boolean;
  /** What shows instead of the rows when the page has none. */
  empty: ReactNode;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  pageSizeLabel: string;
  children: (data: T) => ReactNode;
}) {
  const data = list.data;
  return (
    <>
      {list.isError && !data ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <LinearProgress aria-label={loadingLabel} /> : null}
      {data ? (
        <section aria-label={label}>
          <Typography sx={{ mb: 1, fontWeight: 600 }} aria-live={isCountLive ? 'polite' : undefined}>
            {countText(data.total)}
          </Typography>
          {data.items.length === 0 ? empty : children(data)}
          {data.total > 0 ? (
            <Pager
              total={data.total}
              page={page}
              pageSize={pageSize}
              pageSizes={pageSizes}
              onPage={onPage}
              onPageSize={onPageSize}
              pageSizeLabel={pageSizeLabel}
            />
          ) : null}
        </section>
      ) : null}
    </>
  );
}
