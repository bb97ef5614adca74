// The back office's validation texts (the SMIC form's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  apprenticeshipDerogationMaximumAge,
  apprenticeshipMaximumAge,
  apprenticeshipUsualMinimumAge,
  minimumAge,
} from '@passerelle/contract/rules/age';
import {
  advisedContractMonths,
  apprenticeshipEndAfterTrainingMonths,
  apprenticeshipStartWindowMonths,
  defaultShortContractMonths,
  longContractMonths,
} from '@passerelle/contract/rules/contract-dates';
import {
  apprenticeshipRates,
  professionalisationRates,
  professionalisationSmcShare,
} from '@passerelle/contract/rules/salary';
import { maxWeeklyHours } from '@passerelle/contract/rules/working-time';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { useSmicFreshness, useSmicTable, type SmicRow } from './api/smic';
import { numberFormat } from '../../../lib/number-format';

// The form (and zod with the contract's schema) loads when it opens.
const SmicDialog = lazy(() => import('./components/smic-dialog').then((m) => ({ default: m.SmicDialog })));

function Section({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          gap: 1.5,
          mb: 2,
        }}
      >
        <Box>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {intro}
          </Typography>
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

function SmicTable({ rows }: { rows: SmicRow[] }) {
  const { t, i18n } = useTranslation('staff-references');
  const euros = numberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const newestFirst = [...rows].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  return (
    // Scrolls sideways on a phone: reachable by keyboard, named for a screen reader.
    <TableContainer role="region" aria-label={t('smic.tableLabel')} tabIndex={0}>
      <Table size="small" aria-label={t('smic.tableLabel')} sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('smic.validFrom')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('smic.monthly')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('smic.hourly')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('smic.mayotte')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('smic.source')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('smic.origin')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {newestFirst.map((row) => (
            <TableRow key={row.validFrom}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(row.validFrom)}
              </TableCell>
              <TableCell align="right">{euros.format(row.monthly)}</TableCell>
              <TableCell align="right">{euros.format(row.hourly)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.mayotte ? `${euros.format(row.mayotte.monthly)} / ${euros.format(row.mayotte.hourly)}` : '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 150, maxWidth: 240 }}>{row.source ?? '—'}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>
                {row.updatedAt ? t('smic.addedOn', { date: formatDate(row.updatedAt) }) : t('smic.shipped')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A rule's value, read-only: it is code, and where it comes from. */
function FixedValue({ label, value, source }: { label: string; value: string; source: string }) {
  const { t } = useTranslation('staff-references');
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1.6fr) minmax(0, 1.6fr)' },
        gap: { xs: 0.25, md: 2 },
        py: 1.25,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {t('fixed.source', { source })}
      </Typography>
    </Box>
  );
}

function FixedValues() {
  const { t } = useTranslation('staff-references');
  const percent = (values: readonly number[]) => values.map((value) => `${value}\u00a0%`).join(' · ');
  const salary = 'packages/contract/src/rules/salary.ts — DOMAIN 1.6';
  const dates = 'packages/contract/src/rules/contract-dates.ts — SPEC 5, DOMAIN 1.1';
  const values: { label: string; value: string; source: string }[] = [
    ...apprenticeshipRates.slice(0, 3).map((rates, year) => ({
      label: t('fixed.apprenticeshipYear', { year: year + 1 }),
      value: percent(rates),
      source: salary,
    })),
    {
      label: t('fixed.professionalisation'),
      value: percent(professionalisationRates.map((rates) => rates[0])),
      source: salary,
    },
    { label: t('fixed.professionalisationSmc'), value: `${professionalisationSmcShare}\u00a0%`, source: salary },
    {
      label: t('fixed.ages'),
      value: t('fixed.agesValue', {
        minimum: minimumAge,
        usual: apprenticeshipUsualMinimumAge,
        maximum: apprenticeshipMaximumAge,
        derogation: apprenticeshipDerogationMaximumAge,
      }),
      source: 'packages/contract/src/rules/age.ts — DOMAIN 1.2',
    },
    {
      label: t('fixed.weeklyHours'),
      value: t('fixed.hours', { count: maxWeeklyHours }),
      source: 'packages/contract/src/rules/working-time.ts — DOMAIN 1.3',
    },
    {
      label: t('fixed.startWindow'),
      value: t('fixed.months', { count: apprenticeshipStartWindowMonths }),
      source: dates,
    },
    {
      label: t('fixed.endAfterTraining'),
      value: t('fixed.months', { count: apprenticeshipEndAfterTrainingMonths }),
      source: dates,
    },
    { label: t('fixed.shortContract'), value: t('fixed.months', { count: defaultShortContractMonths }), source: dates },
    { label: t('fixed.advisedContract'), value: t('fixed.months', { count: advisedContractMonths }), source: dates },
    { label: t('fixed.longContract'), value: t('fixed.months', { count: longContractMonths }), source: dates },
  ];
  return (
    <Section title={t('fixed.title')} intro={t('fixed.intro')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('fixed.bands')}
      </Typography>
      <Box component="ul" aria-label={t('fixed.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {values.map((value) => (
          <FixedValue key={value.label} {...value} />
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {t('fixed.formations')}
      </Typography>
    </Section>
  );
}

/**
 * /gestion/references (issue 12, "The reference tables"), for staff and admins: the dated SMIC values the salary rules read
 * (a table they add to, as PUT /api/staff/smic allows), and the other values the rules read, which are code (read-only, with their source).
 */
/** Issue 28: a warning when the latest SMIC value is more than 12 months old (the law has likely changed it since). */
function SmicFreshnessAlert() {
  const { t } = useTranslation('staff-references');
  const freshness = useSmicFreshness();
  if (!freshness.data?.stale) return null;
  const { latestValidFrom, staleAfterMonths } = freshness.data;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {latestValidFrom ? t('smic.stale', { date: formatDate(latestValidFrom), months: staleAfterMonths }) : t('smic.staleNone')}
    </Alert>
  );
}

function StaffReferencesPage() {
  const { t } = useTranslation('staff-references');
  const smic = useSmicTable();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Box role="status" aria-live="polite" sx={{ mb: notice ? 2 : 0 }}>
        {notice ? (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Section
          title={t('smic.title')}
          intro={t('smic.intro')}
          actions={
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setAdding(true)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            >
              {t('smic.add.open')}
            </Button>
          }
        >
          <SmicFreshnessAlert />
          {smic.isError ? <ErrorState error={smic.error} onRetry={() => void smic.refetch()} /> : null}
          {smic.isPending ? <LinearProgress aria-label={t('smic.loading')} /> : null}
          {smic.data ? <SmicTable rows={smic.data} /> : null}
        </Section>
        <FixedValues />
      </Box>
      {adding ? (
        <Suspense fallback={null}>
          <SmicDialog
            onClose={() => setAdding(false)}
            onSaved={(rate) => {
              setAdding(false);
              setNotice(t('smic.add.saved', { date: formatDate(rate.validFrom) }));
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export { StaffReferencesPage as Component };
