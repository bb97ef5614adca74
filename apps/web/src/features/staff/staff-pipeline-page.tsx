import Close from '@mui/icons-material/Close';
import FilterList from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { PipelineAlert } from '@passerelle/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { serverFieldMessage } from '../../components/form/server-errors';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../lib/i18n';
import { useStaffAlerts, useStaffDossiers, useStaffFilters, viewQuery } from './api/pipeline';
import { AlertsBanner } from './components/alerts-banner';
import { DebouncedTextField } from './components/debounced-text-field';
import { ExportCasesButton } from './exports/export-cases-button';
import { Pager } from './components/pager';
import { PipelineCards, PipelineCardsSkeleton } from './components/pipeline-cards';
import { PipelineFilters } from './components/pipeline-filters';
import { PipelineTable, PipelineTableSkeleton } from './components/pipeline-table';
import { StatusCounters } from './components/status-counters';
import {
  PAGE_SIZES,
  activeFilterCount,
  changeView,
  clearFilters,
  pipelineSorts,
  readView,
  viewParams,
  type PipelineView,
} from './utils/pipeline-view';
import { numberFormat } from '../../lib/number-format';

/**
 * /gestion (issue 10): every case of the CFA with where it stands and what it waits for, filtered, counted, sorted and
 * paged by the API. The whole view is in the address (utils/pipeline-view.ts).
 */
export function Component() {
  const { t, i18n } = useTranslation(['staff', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  // The address as last written, shown until the router has caught up with it: the router applies a change a moment
  // later, and a select read from the address alone would undo keys pressed in between (arrows in a list).
  const [pending, setPending] = useState<URLSearchParams | null>(null);
  const [seenParams, setSeenParams] = useState(searchParams);
  if (seenParams !== searchParams) {
    // Adjusted while rendering (React's pattern for state that follows a prop): the router has caught up.
    setSeenParams(searchParams);
    if (pending !== null && pending.toString() === searchParams.toString()) setPending(null);
  }
  const shown = pending ?? searchParams;
  const view = useMemo(() => readView(shown), [shown]);
  const dossiers = useStaffDossiers(view);
  const alerts = useStaffAlerts();
  const lists = useStaffFilters();
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const number = numberFormat(i18n.language);

  // The address as last written: two typed filters whose pauses end together (the two dates) each add their change
  // to it, where the render's `searchParams` would still lack the first one's.
  const written = useRef(searchParams);
  useEffect(() => {
    written.current = searchParams;
  }, [searchParams]);
  const update = useCallback(
    (changes: Partial<PipelineView>, options: { replace?: boolean } = {}) => {
      const next = viewParams(changeView(readView(written.current), changes));
      written.current = next;
      setPending(next);
      // Filters sit above the list: changing one keeps the page where it is; a new page starts at the top.
      void setSearchParams(next, { replace: options.replace, preventScrollReset: !('page' in changes) });
    },
    [setSearchParams],
  );
  const hrefOf = (next: PipelineView) => {
    const params = viewParams(next).toString();
    return params ? `?${params}` : '?';
  };

  const badRequest = dossiers.error instanceof ApiError && dossiers.error.status === 400 ? dossiers.error : null;
  const fieldError = (field: string): string | undefined => {
    const messages = badRequest?.errors[field];
    if (!messages?.length) return undefined;
    return messages
      .map((message) =>
        i18n.exists(`staff:fieldErrors.${message}`)
          ? t(builtKey<['staff', 'common']>(`staff:fieldErrors.${message}`))
          : serverFieldMessage([message], i18n.language),
      )
      .join(' ');
  };
  const filterCount = activeFilterCount(view);
  const showFilters = !isNarrow || filtersOpen || Boolean(badRequest);
  const data = dossiers.data;
  const waitingDays = alerts.data?.waiting.days;
  const clearButton = (
    <Button variant="outlined" onClick={() => update(clearFilters(view))}>
      {t('filters.clear')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={<ExportCasesButton query={viewQuery(view)} />} />
      {alerts.data ? (
        <AlertsBanner
          alerts={alerts.data}
          current={view.alert}
          hrefFor={(alert: PipelineAlert) => hrefOf({ ...clearFilters(view), alert })}
        />
      ) : null}

      <Paper
        component="section"
        variant="outlined"
        aria-label={t('filters.title')}
        sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
          <DebouncedTextField
            type="search"
            size="small"
            label={t('search.label')}
            helperText={fieldError('q') ?? t('search.help')}
            error={Boolean(fieldError('q'))}
            value={view.q}
            onCommit={(q) => update({ q }, { replace: true })}
            sx={{ flex: '1 1 280px' }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            select
            size="small"
            label={t('sort.label')}
            value={view.sort}
            onChange={(event) =>
              update({ sort: pipelineSorts.find((sort) => sort === event.target.value) ?? '-updated' })
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 260px' } }}
          >
            {pipelineSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </TextField>
          {isNarrow ? (
            <Button
              variant="outlined"
              startIcon={<FilterList />}
              aria-expanded={showFilters}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
              sx={{ flex: '1 1 100%' }}
            >
              {filterCount > 0 ? t('filters.toggleCount', { count: filterCount }) : t('filters.toggle')}
            </Button>
          ) : null}
        </Box>
        <Box id={filtersId} hidden={!showFilters} sx={{ mt: 2 }}>
          <PipelineFilters view={view} onChange={update} lists={lists.data} fieldError={fieldError} />
          {lists.isError ? (
            <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
              {t('filters.listsUnavailable')}
            </Typography>
          ) : null}
        </Box>
        {view.alert || filterCount > 0 ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
            {view.alert ? (
              <Button
                size="small"
                variant="outlined"
                color="warning"
                endIcon={<Close />}
                onClick={() => update({ alert: null })}
                aria-label={`${t('filters.alert', { label: t(`alerts.${view.alert}Short`) })} — ${t('filters.removeAlert')}`}
              >
                {t('filters.alert', { label: t(`alerts.${view.alert}Short`) })}
              </Button>
            ) : null}
            {filterCount > 0 ? (
              <Button size="small" onClick={() => update(clearFilters(view))}>
                {t('filters.clear')}
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Paper>

      <Box component="section" aria-labelledby={`${filtersId}-results`}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography
            id={`${filtersId}-results`}
            component="h2"
            variant="h6"
            aria-live="polite"
            aria-atomic
            sx={{ m: 0 }}
          >
            {data
              ? t('results.count', { count: data.total, formatted: number.format(data.total) })
              : t('results.label')}
          </Typography>
          {dossiers.isFetching && dossiers.isPlaceholderData ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('results.updating')}
            </Typography>
          ) : null}
        </Box>
        {data ? (
          <Box sx={{ mb: 2 }}>
            <StatusCounters counts={data.counts} selected={view.statut} onChange={(statut) => update({ statut })} />
          </Box>
        ) : null}

        {badRequest ? (
          <Alert severity="error" variant="outlined" action={clearButton} sx={{ alignItems: 'center' }}>
            {t('invalidFilters')}
          </Alert>
        ) : dossiers.isError ? (
          <ErrorState error={dossiers.error} onRetry={() => void dossiers.refetch()} />
        ) : !data ? (
          isNarrow ? (
            <PipelineCardsSkeleton />
          ) : (
            <PipelineTableSkeleton />
          )
        ) : data.items.length === 0 ? (
          data.total > 0 && view.page > 1 ? (
            <EmptyState
              title={t('empty.pastEnd')}
              action={
                <Button variant="outlined" onClick={() => update({ page: 1 })}>
                  {t('empty.firstPage')}
                </Button>
              }
            />
          ) : filterCount > 0 ? (
            <EmptyState title={t('empty.title')} description={t('empty.help')} action={clearButton} />
          ) : (
            <EmptyState title={t('empty.none')} description={t('empty.noneHelp')} />
          )
        ) : (
          <Box
            aria-busy={dossiers.isFetching}
            sx={{ opacity: dossiers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {isNarrow ? (
              <PipelineCards items={data.items} waitingDays={waitingDays} />
            ) : (
              <Paper variant="outlined">
                <PipelineTable items={data.items} waitingDays={waitingDays} />
              </Paper>
            )}
            <Pager
              total={data.total}
              page={view.page}
              pageSize={view.pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(page) => update({ page })}
              onPageSize={(pageSize) => update({ pageSize })}
            />
          </Box>
        )}
      </Box>
    </>
  );
}
