import Search from '@mui/icons-material/Search';
import WorkOutline from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OFFERS_PER_PAGE } from '@passerelle/contract/portal-rules';
import { displayMessage, messageLanguage } from '@passerelle/contract/rules/zod-messages';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { ApiError } from '../../../../lib/api-client';
import { useOffers, type OffersFilters } from '../../api/offers';
import { QueryError, Spinner } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { useDebouncedValue } from '../../utils/use-debounced-value';
import { OfferAccordion } from './offer-accordion';

/** SPEC section 9: offers search debounce and search minimum. */
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_MIN_LENGTH = 2;

type FilterField = 'query' | 'publicationDateAfter' | 'publicationDateBefore';

/** "Published before" earlier than "published after" finds nothing: said under the field, and nothing is sent. */
function reversedDates(filters: { publicationDateBefore?: string; publicationDateAfter?: string }): boolean {
  const { publicationDateBefore: before, publicationDateAfter: after } = filters;
  return Boolean(before && after && before < after);
}

export function OffersCard() {
  const { t, i18n } = useTranslation('portal');
  const [text, setText] = useState('');
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);

  const trimmed = text.trim();
  const filters = useMemo(
    () => ({
      query: trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : undefined,
      publicationDateBefore: before || undefined,
      publicationDateAfter: after || undefined,
    }),
    [trimmed, before, after],
  );
  const debouncedFilters = useDebouncedValue(filters, SEARCH_DEBOUNCE_MS);
  const filtersKey = JSON.stringify(debouncedFilters);
  // The page goes back to 1 whenever the filters change, in the same render as the new filters.
  const [pageFiltersKey, setPageFiltersKey] = useState(filtersKey);
  if (pageFiltersKey !== filtersKey) {
    setPageFiltersKey(filtersKey);
    setPage(1);
    setExpanded(null);
  }
  const request: OffersFilters = { page: pageFiltersKey === filtersKey ? page : 1, ...debouncedFilters };
  const offers = useOffers(request, !reversedDates(debouncedFilters));
  const language = messageLanguage(i18n.language);
  // The server's refusal of a filter (400 with an errors map) is said under that filter, like the check made here.
  const serverErrors = offers.error instanceof ApiError && offers.error.status === 400 ? offers.error.errors : {};
  const filterError = (field: FilterField): string | undefined => {
    if (field === 'publicationDateBefore' && reversedDates(filters)) return displayMessage('offers.dates_reversed', language);
    const messages = serverErrors[field];
    return messages?.length ? messages.map((message) => displayMessage(message, language)).join(' ') : undefined;
  };
  const hasFilterError = (['query', 'publicationDateAfter', 'publicationDateBefore'] as const).some((field) => filterError(field));

  function clearFilters() {
    setText('');
    setBefore('');
    setAfter('');
  }
  const hasFilters = Boolean(debouncedFilters.query || debouncedFilters.publicationDateBefore || debouncedFilters.publicationDateAfter);
  const total = offers.data?.totalOffers ?? 0;
  const pageCount = Math.ceil(total / OFFERS_PER_PAGE);
  const isTooShort = trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH;

  function changePage(next: number) {
    setPage(next);
    setExpanded(null);
    document.getElementById('offers')?.scrollIntoView({ block: 'start' });
  }

  return (
    <SectionCard id="offers" title={t('offers.title')} icon={<WorkOutline />}>
      {/* A date input needs about 10.5rem to show dd/mm/yyyy and its calendar button: the search box takes the rest. */}
      <Box role="search" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) repeat(2, minmax(10.5rem, auto))' }, mb: 2 }}>
        <TextField
          label={t('offers.searchLabel')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={filterError('query') ?? (isTooShort ? t('offers.searchMin', { count: SEARCH_MIN_LENGTH }) : ' ')}
          error={Boolean(filterError('query'))}
          size="small"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 200 },
          }}
        />
        <TextField
          label={t('offers.publishedAfter')}
          type="date"
          value={after}
          onChange={(event) => setAfter(event.target.value)}
          helperText={filterError('publicationDateAfter') ?? ' '}
          error={Boolean(filterError('publicationDateAfter'))}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: before || undefined } }}
        />
        <TextField
          label={t('offers.publishedBefore')}
          type="date"
          value={before}
          onChange={(event) => setBefore(event.target.value)}
          helperText={filterError('publicationDateBefore') ?? ' '}
          error={Boolean(filterError('publicationDateBefore'))}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: after || undefined } }}
        />
      </Box>
      <Box aria-live="polite" sx={{ minHeight: 4, mb: 1 }}>
        {offers.isFetching && offers.data ? <LinearProgress aria-label={t('offers.loading')} /> : null}
        {offers.data && !hasFilterError ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('offers.count', { count: total })}
          </Typography>
        ) : null}
      </Box>
      {hasFilterError ? (
        <EmptyState
          title={t('offers.filtersInvalid')}
          icon={<WorkOutline />}
          action={
            <Button variant="outlined" onClick={clearFilters}>
              {t('offers.clearFilters')}
            </Button>
          }
        />
      ) : null}
      {offers.isLoading && !hasFilterError ? <Spinner label={t('offers.loading')} /> : null}
      {offers.isError && !offers.data && !hasFilterError ? <QueryError error={offers.error} onRetry={() => void offers.refetch()} /> : null}
      {offers.data && offers.data.offers.length === 0 && !hasFilterError ? (
        <EmptyState
          title={hasFilters ? t('offers.emptyFiltered') : t('offers.empty')}
          icon={<WorkOutline />}
          action={
            hasFilters ? (
              <Button variant="outlined" onClick={clearFilters}>
                {t('offers.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {offers.data && offers.data.offers.length > 0 && !hasFilterError ? (
        <Box sx={{ opacity: offers.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {offers.data.offers.map((offer) => (
            <OfferAccordion key={offer.id} offer={offer} expanded={expanded === offer.id} onToggle={(isOpen) => setExpanded(isOpen ? offer.id : null)} />
          ))}
        </Box>
      ) : null}
      {total > OFFERS_PER_PAGE && !hasFilterError ? (
        <Box component="nav" aria-label={t('offers.pagination')} sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          {/* At most 5 page buttons: first, last, and the current page with one neighbour at the edges. */}
          <Pagination
            count={pageCount}
            page={request.page}
            onChange={(_, next) => changePage(next)}
            siblingCount={0}
            boundaryCount={1}
            color="primary"
            shape="rounded"
            getItemAriaLabel={(type, itemPage, selected) =>
              type === 'page' ? t(selected ? 'offers.pageCurrent' : 'offers.page', { page: itemPage }) : t(`offers.${type === 'previous' ? 'previousPage' : type === 'next' ? 'nextPage' : type === 'first' ? 'firstPage' : 'lastPage'}`)
            }
          />
        </Box>
      ) : null}
    </SectionCard>
  );
}
