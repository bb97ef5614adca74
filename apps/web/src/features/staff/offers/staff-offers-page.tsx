// The back office's validation texts (its forms' and the server's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import WorkOutline from '@mui/icons-material/WorkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StaffOffer } from '@passerelle/contract/staff-offers';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { ListRow } from '../components/list-row';
import { ListPanel } from '../components/list-panel';
import { useOfferAction, useStaffOffers, type OfferAction, type StaffOffersListQuery } from './api/offers';
import { numberFormat } from '../../../lib/number-format';
import { useListParams } from '../hooks/use-list-params';

// The form and the import (zod with the contract's schemas, the file steps) load when one opens.
const OfferDialog = lazy(() => import('./components/offer-dialog').then((m) => ({ default: m.OfferDialog })));
const OffersImportDialog = lazy(() =>
  import('./components/offers-import-dialog').then((m) => ({ default: m.OffersImportDialog })),
);

// As the API's (staffOfferPageSizes): the contract's module is not imported here, it would bring zod into this chunk.
const staffOfferPageSizes = [25, 50, 100] as const;
const statuses = ['', 'active', 'expired'] as const;
type Status = (typeof statuses)[number];

/** The list's view, kept in the address: search, status and page. */
function viewOf(params: URLSearchParams) {
  const status = params.get('status') ?? '';
  const pageSize = Number(params.get('pageSize'));
  return {
    q: params.get('q') ?? '',
    status: ((statuses as readonly string[]).includes(status) ? status : '') as Status,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: (staffOfferPageSizes as readonly number[]).includes(pageSize) ? pageSize : staffOfferPageSizes[0],
  };
}
type View = ReturnType<typeof viewOf>;

function queryOf(view: View): string {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.status) params.set('status', view.status);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== staffOfferPageSizes[0]) params.set('pageSize', String(view.pageSize));
  return params.toString();
}

/** The same parameters, as the API reads them. */
function listQuery(view: View): StaffOffersListQuery {
  return {
    q: view.q.trim() || undefined,
    status: view.status || undefined,
    page: view.page > 1 ? view.page : undefined,
    pageSize: view.pageSize === staffOfferPageSizes[0] ? undefined : view.pageSize,
  };
}

function OfferItem({
  offer,
  onEdit,
  onAction,
}: {
  offer: StaffOffer;
  onEdit: () => void;
  onAction: (action: OfferAction) => void;
}) {
  const { t } = useTranslation('staff-offers');
  const expired = offer.expiredAt !== null;
  return (
    <ListRow
      actions={
        <>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Edit />}
            onClick={onEdit}
            aria-label={t('list.editNamed', { title: offer.title })}
          >
            {t('list.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => onAction(expired ? 'restore' : 'expire')}
            aria-label={t(expired ? 'list.restoreNamed' : 'list.expireNamed', { title: offer.title })}
          >
            {t(expired ? 'list.restore' : 'list.expire')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => onAction('delete')}
            aria-label={t('list.deleteNamed', { title: offer.title })}
          >
            {t('list.delete')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {offer.title}
        </Typography>
        {expired ? (
          <Chip size="small" label={t('list.expiredChip')} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t('list.activeChip')} />
        )}
      </Box>
      <Typography variant="body2">{offer.companyName}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[
          t('list.published', { date: formatDate(offer.publicationDate) }),
          offer.startDate ? t('list.starts', { date: formatDate(offer.startDate) }) : null,
          expired && offer.expiredAt ? t('list.expiredOn', { date: formatDate(offer.expiredAt) }) : null,
          offer.externalRef ? t('list.ref', { ref: offer.externalRef }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </ListRow>
  );
}

/** Issue 12: the job offers applicants search, entered or imported by staff, expired when filled. */
function StaffOffersPage() {
  const { t, i18n } = useTranslation('staff-offers');
  const errorText = useErrorText();
  const [params, changeParams] = useListParams();
  const view = viewOf(params);
  const offers = useStaffOffers(listQuery(view));
  const act = useOfferAction();
  const [editing, setEditing] = useState<{ offer?: StaffOffer } | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const [hasOpenedImport, setHasOpenedImport] = useState(false);
  const [confirming, setConfirming] = useState<{ offer: StaffOffer; action: OfferAction } | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const update = (next: Partial<View>) =>
    changeParams((latest) => new URLSearchParams(queryOf({ ...viewOf(latest), page: 1, ...next })));

  function run() {
    if (!confirming) return;
    const { offer, action } = confirming;
    setOutcome(null);
    act.mutate(
      { id: offer.id, action },
      {
        onSuccess: () => setOutcome({ severity: 'success', text: t(`feedback.${action}`, { title: offer.title }) }),
        onError: (error) => setOutcome({ severity: 'error', text: errorText(error) }),
        onSettled: () => setConfirming(null),
      },
    );
  }

  const isFiltered = Boolean(view.q.trim() || view.status);
  const openImport = () => {
    setHasOpenedImport(true);
    setImportOpen(true);
  };
  const createButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
      {t('list.add')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={openImport}>
              {t('import.open')}
            </Button>
            {createButton}
          </Box>
        }
      />
      <FilterBar
        label={t('filters.label')}
        searchLabel={t('filters.search')}
        search={view.q}
        onSearch={(q) => update({ q })}
      >
        <FilterSelect
          label={t('filters.status')}
          value={view.status}
          onChange={(status) => update({ status: status as Status })}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`filters.statuses.${status || 'all'}`)}
            </option>
          ))}
        </FilterSelect>
      </FilterBar>

      <Box role="status" aria-live="polite" sx={{ mb: outcome ? 2 : 0 }}>
        {outcome ? (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        ) : null}
      </Box>

      <ListPanel
        list={offers}
        loadingLabel={t('list.loading')}
        label={t('list.label')}
        countText={(total) => t('list.count', { count: total, total: numberFormat(i18n.language).format(total) })}
        empty={
          isFiltered ? (
            <EmptyState icon={<WorkOutline />} title={t('list.noMatchTitle')} description={t('list.noMatchText')} />
          ) : (
            <EmptyState
              icon={<WorkOutline />}
              title={t('list.emptyTitle')}
              description={t('list.emptyText')}
              action={createButton}
            />
          )
        }
        page={view.page}
        pageSize={view.pageSize}
        pageSizes={staffOfferPageSizes}
        onPage={(page) =>
          changeParams((latest) => new URLSearchParams(queryOf({ ...viewOf(latest), page })), { replace: false })
        }
        onPageSize={(pageSize) => update({ pageSize })}
        pageSizeLabel={t('list.perPage')}
      >
        {({ items }) => (
          <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 } }}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((offer) => (
                <OfferItem
                  key={offer.id}
                  offer={offer}
                  onEdit={() => setEditing({ offer })}
                  onAction={(action) => setConfirming({ offer, action })}
                />
              ))}
            </Box>
          </Paper>
        )}
      </ListPanel>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming.action}Title`) : ''}
        message={confirming ? t(`confirm.${confirming.action}Text`, { title: confirming.offer.title }) : ''}
        confirmLabel={confirming ? t(`list.${confirming.action}`) : undefined}
        destructive={confirming?.action === 'delete'}
        isPending={act.isPending}
        onConfirm={run}
        onClose={() => setConfirming(null)}
      />
      <Suspense fallback={null}>
        {editing ? (
          <OfferDialog
            offer={editing.offer}
            onClose={() => setEditing(null)}
            onSaved={(offer) => {
              setEditing(null);
              setOutcome({ severity: 'success', text: t('feedback.saved', { title: offer.title }) });
            }}
          />
        ) : null}
        {hasOpenedImport ? <OffersImportDialog open={isImportOpen} onClose={() => setImportOpen(false)} /> : null}
      </Suspense>
    </>
  );
}

export { StaffOffersPage as Component };
