import PersonSearch from '@mui/icons-material/PersonSearchOutlined';
import Send from '@mui/icons-material/SendOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { StaffApplicantItem } from '@passerelle/contract';
import { useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { formatDateTime } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { useStaffFilters } from '../api/pipeline';
import { FilterBar, FilterSelect } from '../components/filter-bar';
import { ListPanel } from '../components/list-panel';
import { useInviteApplicants, useStaffApplicants, type StaffApplicantsListQuery } from './api/applicants';
import { ImportDialog } from './components/import-dialog';
import { numberFormat } from '../../../lib/number-format';
import { useListParams } from '../hooks/use-list-params';

const pageSizes = [25, 50, 100] as const;

/** The list's view, kept in the address: search, school, "never signed in", page and its size. */
function viewOf(params: URLSearchParams) {
  const pageSize = Number(params.get('pageSize'));
  return {
    q: params.get('q') ?? '',
    school: params.get('school') ?? '',
    isNeverOnly: params.get('signedIn') === 'never',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: (pageSizes as readonly number[]).includes(pageSize) ? pageSize : pageSizes[0],
  };
}
type View = ReturnType<typeof viewOf>;

/** The list's query for the API; the page's address holds the same parameters. */
function listQueryOf(view: View): StaffApplicantsListQuery {
  return {
    ...(view.q.trim() ? { q: view.q.trim() } : {}),
    ...(view.school ? { school: view.school } : {}),
    ...(view.isNeverOnly ? { signedIn: 'never' as const } : {}),
    ...(view.page > 1 ? { page: view.page } : {}),
    ...(view.pageSize !== pageSizes[0] ? { pageSize: view.pageSize } : {}),
  };
}

function queryOf(view: View): string {
  return new URLSearchParams(
    Object.entries(listQueryOf(view)).map(([name, value]) => [name, String(value)]),
  ).toString();
}

const fullName = (item: StaffApplicantItem) => `${item.prenom} ${item.nom}`.trim();

function InviteButton({
  item,
  onInvite,
  isPending,
}: {
  item: StaffApplicantItem;
  onInvite: () => void;
  isPending: boolean;
}) {
  const { t } = useTranslation('staff-applicants');
  const isResend = item.invitedAt !== null;
  return (
    <Button
      size="small"
      variant={isResend ? 'outlined' : 'contained'}
      startIcon={<Send />}
      loading={isPending}
      onClick={onInvite}
      aria-label={t(isResend ? 'list.resendLabel' : 'list.inviteLabel', { name: fullName(item) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t(isResend ? 'list.resend' : 'list.invite')}
    </Button>
  );
}

function useDates() {
  const { t } = useTranslation('staff-applicants');
  return (item: StaffApplicantItem) => ({
    invited: item.invitedAt ? formatDateTime(item.invitedAt) : t('list.notInvited'),
    signedIn: item.lastSignInAt ? formatDateTime(item.lastSignInAt) : t('list.never'),
  });
}

interface RowsProps {
  items: StaffApplicantItem[];
  pendingId: number | null;
  onInvite: (item: StaffApplicantItem) => void;
}

function NeverChip({ label }: { label: string }) {
  return <Chip size="small" color="warning" variant="outlined" label={label} />;
}

/** Desktop: one row per applicant. */
function ApplicantsTable({ items, pendingId, onInvite }: RowsProps) {
  const { t } = useTranslation('staff-applicants');
  const datesOf = useDates();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={t('list.label')}
        sx={{ '& td, & th': { verticalAlign: 'top', px: 1.25, py: 1.25 } }}
      >
        <TableHead>
          <TableRow>
            {(['name', 'formation', 'lang', 'invited', 'signedIn', 'actions'] as const).map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {t(`list.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const dates = datesOf(item);
            return (
              // No hover shade: the row is not a link, and its grey would take the chip's and the buttons' contrast under 4.5:1.
              <TableRow key={item.id}>
                <TableCell sx={{ minWidth: 240 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {item.nom.toUpperCase()} {item.prenom}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {item.email}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.school ?? t('list.noFormation')}
                  </Typography>
                  <Typography variant="body2">{item.formation}</Typography>
                  {item.hasCase ? <Chip size="small" sx={{ mt: 0.5 }} label={t('list.hasCase')} /> : null}
                </TableCell>
                <TableCell>{t(`list.languages.${item.lang}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.invited}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {item.lastSignInAt ? dates.signedIn : <NeverChip label={dates.signedIn} />}
                </TableCell>
                <TableCell>
                  <InviteButton item={item} isPending={pendingId === item.id} onInvite={() => onInvite(item)} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Phones: one card per applicant, the same facts as the table's row. */
function ApplicantCards({ items, pendingId, onInvite }: RowsProps) {
  const { t } = useTranslation('staff-applicants');
  const datesOf = useDates();
  return (
    <Box
      component="ul"
      aria-label={t('list.label')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {items.map((item) => {
        const dates = datesOf(item);
        return (
          <Paper
            component="li"
            variant="outlined"
            key={item.id}
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.75 }}
          >
            <Typography component="p" sx={{ fontWeight: 600 }}>
              {item.nom.toUpperCase()} {item.prenom}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {item.email}
            </Typography>
            <Typography variant="body2">
              {item.school ? `${item.school} · ${item.formation ?? ''}` : t('list.noFormation')} ·{' '}
              {t(`list.languages.${item.lang}`)}
            </Typography>
            <Typography variant="body2">
              {t('list.field', { label: t('list.invited'), value: dates.invited })}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2">{t('list.fieldLabel', { label: t('list.signedIn') })}</Typography>
              {item.lastSignInAt ? (
                <Typography variant="body2">{dates.signedIn}</Typography>
              ) : (
                <NeverChip label={dates.signedIn} />
              )}
              {item.hasCase ? <Chip size="small" label={t('list.hasCase')} /> : null}
            </Box>
            <Box sx={{ mt: 0.5 }}>
              <InviteButton item={item} isPending={pendingId === item.id} onInvite={() => onInvite(item)} />
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

/** Issue 12, "People": the admitted applicants, their import from a school's file, their invitations. */
function StaffApplicantsPage() {
  const { t, i18n } = useTranslation('staff-applicants');
  const errorText = useErrorText();
  const [params, changeParams] = useListParams();
  const view = viewOf(params);
  const applicants = useStaffApplicants(listQueryOf(view));
  const filters = useStaffFilters();
  const invite = useInviteApplicants();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const update = (next: Partial<View>) =>
    changeParams((latest) => new URLSearchParams(queryOf({ ...viewOf(latest), page: 1, ...next })));

  function inviteOne(item: StaffApplicantItem) {
    setPendingId(item.id);
    setOutcome(null);
    invite.mutate(
      { id: item.id },
      {
        onSuccess: () => setOutcome({ severity: 'success', text: t('list.inviteSent', { name: fullName(item) }) }),
        onError: (error) => setOutcome({ severity: 'error', text: errorText(error) }),
        onSettled: () => setPendingId(null),
      },
    );
  }

  const isFiltered = Boolean(view.q.trim() || view.school || view.isNeverOnly);
  const importButton = (
    <Button variant="contained" startIcon={<UploadFile />} onClick={() => setImportOpen(true)}>
      {t('import.open')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={importButton} />
      <FilterBar
        label={t('filters.label')}
        searchLabel={t('filters.search')}
        search={view.q}
        onSearch={(q) => update({ q })}
      >
        <FilterSelect label={t('filters.school')} value={view.school} onChange={(school) => update({ school })}>
          <option value="">{t('filters.allSchools')}</option>
          {(filters.data?.schools ?? []).map((school) => (
            <option key={school.code} value={school.code}>
              {school.code}
            </option>
          ))}
        </FilterSelect>
        <FormControlLabel
          control={
            <Checkbox checked={view.isNeverOnly} onChange={(event) => update({ isNeverOnly: event.target.checked })} />
          }
          label={t('filters.neverSignedIn')}
        />
      </FilterBar>

      <Box ref={outcomeRef} role="status" aria-live="polite" sx={{ mb: outcome ? 2 : 0 }}>
        {outcome ? <Alert severity={outcome.severity}>{outcome.text}</Alert> : null}
      </Box>

      <ListPanel
        list={applicants}
        loadingLabel={t('list.loading')}
        countText={(total) => t('list.count', { count: total, total: numberFormat(i18n.language).format(total) })}
        isCountLive
        empty={
          isFiltered ? (
            <EmptyState icon={<PersonSearch />} title={t('list.noMatchTitle')} description={t('list.noMatchText')} />
          ) : (
            <EmptyState title={t('list.emptyTitle')} description={t('list.emptyText')} action={importButton} />
          )
        }
        page={view.page}
        pageSize={view.pageSize}
        pageSizes={pageSizes}
        onPage={(page) =>
          changeParams((latest) => new URLSearchParams(queryOf({ ...viewOf(latest), page })), { replace: false })
        }
        onPageSize={(pageSize) => update({ pageSize })}
        pageSizeLabel={t('list.perPage')}
      >
        {({ items }) =>
          isNarrow ? (
            <ApplicantCards items={items} pendingId={pendingId} onInvite={inviteOne} />
          ) : (
            <ApplicantsTable items={items} pendingId={pendingId} onInvite={inviteOne} />
          )
        }
      </ListPanel>
      <ImportDialog open={isImportOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}

export { StaffApplicantsPage as Component };
