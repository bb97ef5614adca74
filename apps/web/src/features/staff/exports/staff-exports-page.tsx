import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffWorkshop } from '@passerelle/contract/staff-workshops';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDownload } from '../../../components/use-download';
import { useErrorText } from '../../../components/use-error-text';
import { PageHeader } from '../../../components/page-header';
import { fileUrl } from '../../../lib/api-client';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { useExportWorkshops } from './api/exports';
import { ExportCasesButton } from './export-cases-button';

type Download = ReturnType<typeof useDownload>;

/** One export: what the file holds, and how to get it. */
function ExportSection({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2, color: 'text.secondary' }}>{children}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>{actions}</Box>
    </Paper>
  );
}

function workshopLabel(workshop: StaffWorkshop, registered: string) {
  const school = workshop.school ? ` · ${workshop.school.code}` : '';
  return `${formatDate(workshop.date)} · ${workshop.title}${school} (${registered})`;
}

function RegistrantsExport({ files }: { files: Download }) {
  const { t } = useTranslation('staff-exports');
  const workshops = useExportWorkshops();
  const [chosen, setChosen] = useState('');
  const list = workshops.data?.workshops ?? [];
  const workshopId = chosen || (list[0] ? String(list[0].id) : '');
  const url = fileUrl('GET /staff/exports/registrants.csv', { query: { workshop: Number(workshopId) } });
  return (
    <ExportSection
      title={t('registrants.title')}
      actions={
        list.length > 0 ? (
          <>
            <TextField
              select
              size="small"
              label={t('registrants.workshop')}
              value={workshopId}
              onChange={(event) => setChosen(event.target.value)}
              sx={{ minWidth: { xs: '100%', sm: 360 }, maxWidth: '100%' }}
            >
              {list.map((workshop) => (
                <MenuItem key={workshop.id} value={String(workshop.id)}>
                  {workshopLabel(workshop, t('registrants.count', { count: workshop.registered }))}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<Download />}
              loading={files.pendingUrl === url}
              onClick={() => files.download(url, `inscrits-atelier-${workshopId}.csv`)}
            >
              {t('download')}
            </Button>
          </>
        ) : null
      }
    >
      <Typography variant="body2">{t('registrants.text')}</Typography>
      {workshops.isError ? <Alert severity="error">{t('registrants.failed')}</Alert> : null}
      {workshops.data && list.length === 0 ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {t('registrants.none')}
        </Typography>
      ) : null}
    </ExportSection>
  );
}

/**
 * /gestion/exports (issue 12, "Exports"): the back office's CSV files for a French spreadsheet: the cases (the
 * pipeline's button exports its current filters), a workshop's registrants, and the employer search per formation.
 */
/** Every applicant's employer search, per school and formation. */
const trackingUrl = fileUrl('GET /staff/exports/tracking.csv');

function StaffExportsPage() {
  const { t } = useTranslation('staff-exports');
  const errorText = useErrorText();
  const files = useDownload();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Box role="status" aria-live="polite">
        {files.error ? (
          <Alert severity="error" onClose={files.clearError} sx={{ mb: 2 }}>
            {errorText(files.error)}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <ExportSection title={t('cases.title')} actions={<ExportCasesButton query={{}} label={t('cases.all')} />}>
          <Typography variant="body2">{t('cases.text')}</Typography>
          <Typography variant="body2">
            {t('cases.filtered')}{' '}
            <Link component={RouterLink} to="/gestion">
              {t('cases.toPipeline')}
            </Link>
          </Typography>
        </ExportSection>
        <RegistrantsExport files={files} />
        <ExportSection
          title={t('tracking.title')}
          actions={
            <Button
              variant="contained"
              startIcon={<Download />}
              loading={files.pendingUrl === trackingUrl}
              onClick={() => files.download(trackingUrl, 'recherche-entreprise.csv')}
            >
              {t('download')}
            </Button>
          }
        >
          <Typography variant="body2">{t('tracking.text')}</Typography>
          <Typography variant="body2">{t('tracking.private')}</Typography>
        </ExportSection>
      </Box>
    </>
  );
}

export { StaffExportsPage as Component };
