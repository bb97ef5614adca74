import WorkOutline from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { Offer } from '@passerelle/contract';
import { OFFERS_COUNT_LIMIT, OFFERS_MAX_PAGE, OFFERS_PER_PAGE } from '@passerelle/contract/portal-rules';
import { displayMessage, messageLanguage } from '@passerelle/contract/rules/zod-messages';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { OutlinedField } from '../../../../components/form/outlined-field';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { useOffers, type OffersFilters } from '../../api/offers';
import { QueryError, Spinner } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { useDebouncedValue } from '../../utils/use-debounced-value';
import { useStagedCount } from '../../utils/use-staged-count';
import { OfferAccordion, offerListSx } from './offer-accordion';
import { OfferSearchField, SEARCH_DEBOUNCE_MS } from './offer-search-field';

type FilterField = 'query' | 'publicationDateAfter' | 'publicationDateBefore';

/** "Published before" earlier than "published after" finds nothing: said under the field, and nothing is sent. */
function reversedDates(filters: { publicationDateBefore?: string; publicationDateAfter?: string }): boolean {
  const { publicationDateBefore: before, publicationDateAfter: after } = filters;
  return Boolean(before && after && before < after);
}

/**
 * The pages the search serves: 20 offers each, up to OFFERS_MAX_PAGE (the count stops at OFFERS_COUNT_LIMIT,
 * docs/decisions/0026-offers-search-at-national-scale.md), so no button ever asks for a page past 50.
 */
export function offersPageCount(totalOffers: number): number {
  return Math.min(Math.ceil(totalOffers / OFFERS_PER_PAGE), OFFERS_MAX_PAGE);
}

/**
 * The offers of a page, rendered again only when the page or the open offer changes; then the page buttons, when there
 * are pages. The list first shows in a deferred render after the card's fields (utils/use-staged-count.ts), which React
 * slices: 20 offers and their buttons rendered with the fields were one long task on a phone (issue 13). Later pages
 * render at once.
 */
const OffersList = memo(function OffersList({
  offers,
  expanded,
  isStale,
  onToggle,
  pageCount,
  page,
  onPageChange,
}: {
  offers: Offer[];
  expanded: number | null;
  /** The offers of the previous search, dimmed while the next ones come. */
  isStale: boolean;
  onToggle: (offerId: number, isOpen: boolean) => void;
  /** The page buttons under the list (none for one page), shown once the whole list is there: nothing under it moves. */
  pageCount: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const isShown = useStagedCount(1, 0) === 1;
  return (
    <>
      <Box sx={[offerListSx, { opacity: isStale ? 0.6 : 1, transition: 'opacity 150ms' }]}>
        {(isShown ? offers : []).map((offer) => (
          <OfferAccordion key={offer.id} offer={offer} expanded={expanded === offer.id} onToggle={onToggle} />
        ))}
      </Box>
      {isShown && pageCount > 1 ? <OffersPagination count={pageCount} page={page} onChange={onPageChange} /> : null}
    </>
  );
});

interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The other filter's date: "after" stays before "before". */
  min?: string;
  max?: string;
}

/** One publication date filter, rendered again only when its date, its bound or its message changes. */
const DateField = memo(function DateField({ label, value, onChange, error, min, max }: DateFieldProps) {
  return (
    <OutlinedField
      label={label}
      helperText={error ?? ' '}
      error={Boolean(error)}
      shrink
      input={{ type: 'date', value, onChange: (event) => onChange(event.target.value), inputProps: { min, max } }}
    />
  );
});

const pageButtonLabel = {
  previous: 'offers.previousPage',
  next: 'offers.nextPage',
  first: 'offers.firstPage',
  last: 'offers.lastPage',
} as const;

/** SPEC: at most 5 page buttons: first, last, and the current page with one neighbour at the edges. */
const OffersPagination = memo(function OffersPagination({
  count,
  page,
  onChange,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('portal');
  return (
    // MUI's Pagination is the navigation landmark itself: named here in the page's language (its own name is English).
    <Pagination
      aria-label={t('offers.pagination')}
      sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
      count={count}
      page={page}
      onChange={(_, next) => onChange(next)}
      siblingCount={0}
      boundaryCount={1}
      color="primary"
      shape="rounded"
      getItemAriaLabel={(type, itemPage, selected) =>
        type === 'page'
          ? t(selected ? 'offers.pageCurrent' : 'offers.page', { page: itemPage })
          : type === 'start-ellipsis' || type === 'end-ellipsis'
            ? ''
            : t(pageButtonLabel[type])
      }
    />
  );
});

/**
 * SPEC "Offers card": text search (200 ms debounce, 2 characters at least), publication date filters, offers as
 * accordions, 20 a page with at most 5 page buttons; past OFFERS_COUNT_LIMIT matches, "more than 1 000" and 50 pages.
 *
 * Issue 13 (interaction to next paint): the typed text stays in OfferSearchField; the list, its offers, the date filters
 * and the pagination are memoised (opening an offer renders the two offers that change, a new count renders the count);
 * a new answer's list renders as a deferred value, in the background, where a key typed meanwhile is handled first.
 * The count line keeps its height whether it shows a count, the progress bar or nothing: nothing under it moves.
 */
export const OffersCard = memo(function OffersCard() {
  const { t, i18n } = useTranslation('portal');
  const [query, setQuery] = useState<string | undefined>();
  const [before, setBefore] = useState('');
  const [after, setAfter] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);
  // Clearing the filters empties the search field by mounting a new one.
  const [searchFieldKey, setSearchFieldKey] = useState(0);

  const dates = useMemo(
    () => ({ publicationDateBefore: before || undefined, publicationDateAfter: after || undefined }),
    [before, after],
  );
  const debouncedDates = useDebouncedValue(dates, SEARCH_DEBOUNCE_MS);
  const filtersKey = JSON.stringify({ query, ...debouncedDates });
  // The page goes back to 1 whenever the filters change, in the same render as the new filters.
  const [pageFiltersKey, setPageFiltersKey] = useState(filtersKey);
  if (pageFiltersKey !== filtersKey) {
    setPageFiltersKey(filtersKey);
    setPage(1);
    setExpanded(null);
  }
  const request: OffersFilters = { page: pageFiltersKey === filtersKey ? page : 1, query, ...debouncedDates };
  const offers = useOffers(request, !reversedDates(debouncedDates));
  const data = useDeferredValue(offers.data);
  const toggle = useCallback((offerId: number, isOpen: boolean) => setExpanded(isOpen ? offerId : null), []);
  const changePage = useCallback((next: number) => {
    setPage(next);
    setExpanded(null);
    document.getElementById('offers')?.scrollIntoView({ block: 'start' });
  }, []);

  const language = messageLanguage(i18n.language);
  // The server's refusal of a filter (400 with an errors map) is said under that filter, like the check made here.
  const serverErrors = offers.error instanceof ApiError && offers.error.status === 400 ? offers.error.errors : {};
  const filterError = (field: FilterField): string | undefined => {
    if (field === 'publicationDateBefore' && reversedDates(dates))
      return displayMessage('offers.dates_reversed', language);
    const messages = serverErrors[field];
    return messages?.length ? messages.map((message) => displayMessage(message, language)).join(' ') : undefined;
  };
  const hasFilterError = (['query', 'publicationDateAfter', 'publicationDateBefore'] as const).some((field) =>
    filterError(field),
  );

  function clearFilters() {
    setQuery(undefined);
    setSearchFieldKey((key) => key + 1);
    setBefore('');
    setAfter('');
  }
  const hasFilters = Boolean(query || debouncedDates.publicationDateBefore || debouncedDates.publicationDateAfter);
  const total = data?.totalOffers ?? 0;
  const isCapped = data?.totalOffersCapped ?? false;
  const countText =
    !data || hasFilterError
      ? ''
      : isCapped
        ? t('offers.countCapped', { limit: OFFERS_COUNT_LIMIT })
        : t('offers.count', { count: total });
  const pageCount = offersPageCount(total);
  // Page buttons for more than one page. They stay on a page found empty (a count ahead of the offers, some withdrawn
  // since), so that the reader can go back.
  const shownPageCount = total > OFFERS_PER_PAGE || isCapped ? pageCount : 0;

  return (
    <SectionCard id="offers" title={t('offers.title')} icon={<WorkOutline />}>
      {/* A date input needs about 10.5rem to show dd/mm/yyyy and its calendar button: the search box takes the rest. */}
      <Box
        role="search"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) repeat(2, minmax(10.5rem, auto))' },
          mb: 1,
        }}
      >
        <OfferSearchField key={searchFieldKey} onSearch={setQuery} error={filterError('query')} />
        <DateField
          label={t('offers.publishedAfter')}
          value={after}
          onChange={setAfter}
          error={filterError('publicationDateAfter')}
          max={before || undefined}
        />
        <DateField
          label={t('offers.publishedBefore')}
          value={before}
          onChange={setBefore}
          error={filterError('publicationDateBefore')}
          min={after || undefined}
        />
      </Box>
      {/* One line tall whatever it shows; its text is announced when it changes (a polite live region). */}
      <Box sx={{ position: 'relative', minHeight: '2rem', mb: 1 }}>
        {offers.isFetching && data ? (
          <LinearProgress aria-label={t('offers.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        ) : null}
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', pt: 1 }}>
          {countText}
        </Typography>
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
      {offers.isError && !data && !hasFilterError ? (
        <QueryError error={offers.error} onRetry={() => void offers.refetch()} />
      ) : null}
      {data && data.offers.length === 0 && !hasFilterError ? (
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
      {/* The list and its pages come after the search fields (OffersList); they sit below everything else in the card. */}
      {data && (data.offers.length > 0 || shownPageCount > 0) && !hasFilterError ? (
        <OffersList
          offers={data.offers}
          expanded={expanded}
          isStale={offers.isPlaceholderData || data !== offers.data}
          onToggle={toggle}
          pageCount={shownPageCount}
          page={Math.min(request.page, pageCount)}
          onPageChange={changePage}
        />
      ) : null}
    </SectionCard>
  );
});
