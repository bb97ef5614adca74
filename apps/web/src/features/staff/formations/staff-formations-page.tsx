// The back office's validation texts (its forms' and the server's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/EditOutlined';
import School from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StaffFormation, StaffSchool } from '@passerelle/contract/staff-formations';
import { lazy, Suspense, useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { ListRow } from '../components/list-row';
import { useStaffFormations, useStaffSchools } from './api/formations';

// The forms (and zod with the contract's schemas) load when one opens: the list paints without them.
const FormationDialog = lazy(() =>
  import('./components/formation-dialog').then((m) => ({ default: m.FormationDialog })),
);
const SchoolDialog = lazy(() => import('./components/school-dialog').then((m) => ({ default: m.SchoolDialog })));

type Editing =
  | { kind: 'formation'; formation?: StaffFormation; schoolId?: number }
  | { kind: 'school'; school?: StaffSchool }
  | null;

function FormationItem({ formation, onEdit }: { formation: StaffFormation; onEdit: () => void }) {
  const { t } = useTranslation('staff-formations');
  const types = formation.contractTypes.map((type) => t(`contractTypes.${type}`)).join(', ');
  return (
    <ListRow
      actions={
        <Button
          variant="outlined"
          size="small"
          startIcon={<Edit />}
          onClick={onEdit}
          aria-label={t('list.editFormation', { libelle: formation.libelle })}
        >
          {t('list.edit')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {formation.libelle}
        </Typography>
        {formation.code ? <Chip size="small" variant="outlined" label={formation.code} /> : null}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[t('list.level', { count: formation.level }), t('list.year', { year: formation.year }), types].join(' · ')}
      </Typography>
      <Typography variant="body2">
        {t('list.training', { start: formatDate(formation.trainingStart), end: formatDate(formation.trainingEnd) })}
      </Typography>
      {formation.proStartAfter && formation.proEndBefore ? (
        <Typography variant="body2">
          {t('list.proBounds', {
            after: formatDate(formation.proStartAfter),
            before: formatDate(formation.proEndBefore),
          })}
        </Typography>
      ) : null}
      {formation.hours !== null || formation.rncpLevel !== null ? (
        <Typography variant="body2">
          {[
            formation.hours === null
              ? null
              : formation.remoteHours === null
                ? t('list.hours', { hours: formation.hours })
                : formation.remoteHours === 0
                  ? t('list.hoursOnSite', { hours: formation.hours })
                  : t('list.hoursRemote', { hours: formation.hours, remote: formation.remoteHours }),
            formation.rncpLevel === null ? null : t('list.rncpLevel', { level: formation.rncpLevel }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[
          t('list.applicants', { count: formation.applicants }),
          t('list.dossiers', { count: formation.dossiers }),
        ].join(' · ')}
      </Typography>
    </ListRow>
  );
}

function SchoolSection({
  school,
  formations,
  onEditSchool,
  onAddFormation,
  onEditFormation,
}: {
  school: StaffSchool;
  formations: StaffFormation[];
  onEditSchool: () => void;
  onAddFormation: () => void;
  onEditFormation: (formation: StaffFormation) => void;
}) {
  const { t } = useTranslation('staff-formations');
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 1,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
            {school.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[
              t('schools.summary', { code: school.code, count: school.formations }),
              school.holdsWorkshops ? t('schools.withWorkshops') : null,
              school.bacAttestationOrMore ? t('schools.withOrMore') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
          <Button size="small" onClick={onEditSchool} aria-label={t('schools.editNamed', { name: school.name })}>
            {t('schools.edit')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<Add />}
            onClick={onAddFormation}
            aria-label={t('list.addTo', { name: school.name })}
          >
            {t('list.add')}
          </Button>
        </Box>
      </Box>
      {formations.length ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {formations.map((formation) => (
            <FormationItem key={formation.id} formation={formation} onEdit={() => onEditFormation(formation)} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {t('list.emptySchool')}
        </Typography>
      )}
    </Paper>
  );
}

/** Issue 12: the formations and schools the sheets' rules read, as data staff keep up to date. */
function StaffFormationsPage() {
  const { t } = useTranslation('staff-formations');
  const formations = useStaffFormations();
  const schools = useStaffSchools();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const schoolList = schools.data?.schools ?? [];
  const formationList = formations.data?.formations ?? [];
  const error = formations.error ?? schools.error;
  const isPending = formations.isPending || schools.isPending;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<School />} onClick={() => setEditing({ kind: 'school' })}>
              {t('schools.add')}
            </Button>
            {schoolList.length ? (
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ kind: 'formation' })}>
                {t('list.add')}
              </Button>
            ) : null}
          </Box>
        }
      />
      <Box role="status" aria-live="polite" sx={{ mb: saved ? 2 : 0 }}>
        {saved ? (
          <Alert severity="success" onClose={() => setSaved(null)}>
            {saved}
          </Alert>
        ) : null}
      </Box>
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void formations.refetch();
            void schools.refetch();
          }}
        />
      ) : null}
      {isPending && !error ? <LinearProgress aria-label={t('loading')} /> : null}
      {!isPending && !error && schoolList.length === 0 ? (
        <EmptyState
          title={t('empty.title')}
          description={t('empty.description')}
          icon={<School />}
          action={
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ kind: 'school' })}>
              {t('schools.add')}
            </Button>
          }
        />
      ) : null}
      {!error && schoolList.length ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {schoolList.map((school) => (
            <SchoolSection
              key={school.id}
              school={school}
              formations={formationList.filter((formation) => formation.school.id === school.id)}
              onEditSchool={() => setEditing({ kind: 'school', school })}
              onAddFormation={() => setEditing({ kind: 'formation', schoolId: school.id })}
              onEditFormation={(formation) => setEditing({ kind: 'formation', formation })}
            />
          ))}
        </Box>
      ) : null}
      <Suspense fallback={null}>
        {editing?.kind === 'formation' ? (
          <FormationDialog
            formation={editing.formation}
            schoolId={editing.schoolId}
            schools={schoolList}
            onClose={() => setEditing(null)}
            onSaved={(formation) => {
              setEditing(null);
              setSaved(t('feedback.formationSaved', { libelle: formation.libelle }));
            }}
          />
        ) : null}
        {editing?.kind === 'school' ? (
          <SchoolDialog
            school={editing.school}
            onClose={() => setEditing(null)}
            onSaved={(school) => {
              setEditing(null);
              setSaved(t('feedback.schoolSaved', { name: school.name }));
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}

export { StaffFormationsPage as Component };
