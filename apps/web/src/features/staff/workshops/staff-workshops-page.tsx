// The back office's validation texts (its forms' and the server's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Group from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StaffWorkshop } from '@passerelle/contract/staff-workshops';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { formatDateTime, formatLongDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { ListRow } from '../components/list-row';
import { useStaffSchools } from '../formations/api/formations';
import { useDeleteWorkshop, useStaffWorkshops } from './api/workshops';

// The form and the registrants' list load when one opens.
const WorkshopDialog = lazy(() => import('./components/workshop-dialog').then((m) => ({ default: m.WorkshopDialog })));
const RegistrantsDialog = lazy(() =>
  import('./components/registrants-dialog').then((m) => ({ default: m.RegistrantsDialog })),
);

/** Today in the browser, as yyyy-mm-dd: the workshops of today and later are upcoming. */
const todayIso = () => new Date().toLocaleDateString('en-CA');

function WorkshopItem({
  workshop,
  onEdit,
  onRegistrants,
  onDelete,
}: {
  workshop: StaffWorkshop;
  onEdit: () => void;
  onRegistrants: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('staff-workshops');
  const isFull = workshop.registered >= workshop.quota;
  const window = [
    workshop.registrationOpensAt ? t('list.opens', { date: formatDateTime(workshop.registrationOpensAt) }) : null,
    workshop.registrationClosesAt ? t('list.closes', { date: formatDateTime(workshop.registrationClosesAt) }) : null,
  ].filter(Boolean);
  return (
    <ListRow
      actions={
        <>
          <Button
            variant="outlined"
            size="small"
            startIcon={<Group />}
            onClick={onRegistrants}
            aria-label={t('list.registrantsNamed', { title: workshop.title, count: workshop.registered })}
          >
            {t('list.registrants', { count: workshop.registered })}
          </Button>
          <Button
            size="small"
            startIcon={<Edit />}
            onClick={onEdit}
            aria-label={t('list.editNamed', { title: workshop.title })}
          >
            {t('list.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={onDelete}
            aria-label={t('list.deleteNamed', { title: workshop.title })}
          >
            {t('list.delete')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {workshop.title}
        </Typography>
        {workshop.school ? <Chip size="small" variant="outlined" label={workshop.school.code} /> : null}
        {isFull ? <Chip size="small" color="warning" label={t('list.full')} /> : null}
      </Box>
      <Typography variant="body2">
        {t('list.when', {
          date: formatLongDate(workshop.date, i18n.language),
          start: workshop.startHour,
          end: workshop.endHour,
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[
          t('list.places', { count: workshop.registered, quota: workshop.quota }),
          window.length ? window.join(', ') : t('list.alwaysOpen'),
        ].join(' · ')}
      </Typography>
    </ListRow>
  );
}

function WorkshopSection({
  title,
  workshops,
  render,
}: {
  title: string;
  workshops: StaffWorkshop[];
  render: (w: StaffWorkshop) => ReactNode;
}) {
  const headingId = useId();
  if (workshops.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ px: { xs: 2, sm: 3 }, pt: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {workshops.map(render)}
      </Box>
    </Paper>
  );
}

/** Issue 12: the schools' workshops (dates, hours, places, registration window) and who registered. */
function StaffWorkshopsPage() {
  const { t } = useTranslation('staff-workshops');
  const errorText = useErrorText();
  const workshops = useStaffWorkshops();
  const schools = useStaffSchools();
  const remove = useDeleteWorkshop();
  const [editing, setEditing] = useState<{ workshop?: StaffWorkshop } | null>(null);
  const [showing, setShowing] = useState<StaffWorkshop | null>(null);
  const [deleting, setDeleting] = useState<StaffWorkshop | null>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const list = workshops.data?.workshops ?? [];
  const today = todayIso();
  // Upcoming soonest first, past ones latest first.
  const upcoming = list
    .filter((w) => w.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.startHour.localeCompare(b.startHour));
  const past = list.filter((w) => w.date < today);
  const error = workshops.error ?? schools.error;

  function runDelete() {
    if (!deleting) return;
    const workshop = deleting;
    setOutcome(null);
    remove.mutate(workshop.id, {
      onSuccess: (answer) =>
        setOutcome({
          severity: 'success',
          text: t('feedback.deleted', { title: workshop.title, count: answer.cancelledRegistrations }),
        }),
      onError: (err) => setOutcome({ severity: 'error', text: errorText(err) }),
      onSettled: () => setDeleting(null),
    });
  }

  const render = (workshop: StaffWorkshop) => (
    <WorkshopItem
      key={workshop.id}
      workshop={workshop}
      onEdit={() => setEditing({ workshop })}
      onRegistrants={() => setShowing(workshop)}
      onDelete={() => setDeleting(workshop)}
    />
  );
  const createButton = (
    <Button
      variant="contained"
      startIcon={<Add />}
      onClick={() => setEditing({})}
      disabled={!schools.data}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('list.add')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={createButton} />
      <Box role="status" aria-live="polite" sx={{ mb: outcome ? 2 : 0 }}>
        {outcome ? (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        ) : null}
      </Box>
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void workshops.refetch();
            void schools.refetch();
          }}
        />
      ) : null}
      {workshops.isPending && !error ? <LinearProgress aria-label={t('list.loading')} /> : null}
      {workshops.data && list.length === 0 ? (
        <EmptyState
          icon={<EventOutlined />}
          title={t('list.emptyTitle')}
          description={t('list.emptyText')}
          action={createButton}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <WorkshopSection title={t('list.upcoming')} workshops={upcoming} render={render} />
        <WorkshopSection title={t('list.past')} workshops={past} render={render} />
      </Box>

      <ConfirmDialog
        open={deleting !== null}
        title={t('confirm.deleteTitle')}
        message={
          deleting
            ? deleting.registered > 0
              ? t('confirm.deleteRegistered', { title: deleting.title, count: deleting.registered })
              : t('confirm.deleteText', { title: deleting.title })
            : ''
        }
        confirmLabel={t('list.delete')}
        destructive
        isPending={remove.isPending}
        onConfirm={runDelete}
        onClose={() => setDeleting(null)}
      />
      <Suspense fallback={null}>
        {editing ? (
          <WorkshopDialog
            workshop={editing.workshop}
            schools={schools.data?.schools ?? []}
            onClose={() => setEditing(null)}
            onSaved={(workshop) => {
              setEditing(null);
              setOutcome({ severity: 'success', text: t('feedback.saved', { title: workshop.title }) });
            }}
          />
        ) : null}
        {showing ? <RegistrantsDialog workshop={showing} onClose={() => setShowing(null)} /> : null}
      </Suspense>
    </>
  );
}

export { StaffWorkshopsPage as Component };
