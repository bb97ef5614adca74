// The back office's validation texts (the SMIC form's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
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
import { lazy, Suspense, useState } from 'react';
import { DefinitionItem, DefinitionList } from '../../../components/definition-list';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { SavedNotice } from '../components/saved-notice';
import { SectionCard, sectionActionSx } from '../components/section-card';
import { useSmicFreshness, useSmicTable, type SmicRow } from './api/smic';
import { numberFormat } from '../../../lib/number-format';

// The form (and zod with the contract's schema) loads when it opens.
const SmicDialog = lazy(() => import('./components/smic-dialog').then((m) => ({ default: m.SmicDialog })));

/** Where a SMIC value comes from: the Journal officiel's text, and whether it was shipped or added (when). */
function useSmicOrigin() {
  const { t } = useTranslation('staff-references');
  return (row: SmicRow) => (row.updatedAt ? t('smic.addedOn', { date: formatDate(row.updatedAt) }) : t('smic.shipped'));
}

/** On a phone, the values as a list, each with its labels: a six-column table would leave four columns off the screen. */
function SmicList({ rows }: { rows: SmicRow[] }) {
  const { t, i18n } = useTranslation('staff-references');
  const euros = numberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const origin = useSmicOrigin();
  return (
    <Box component="ul" aria-label={t('smic.tableLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.validFrom}
          sx={{ py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
        >
          <Typography component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('smic.validFromDate', { date: formatDate(row.validFrom) })}
          </Typography>
          <DefinitionList variant="summary">
            <DefinitionItem label={t('smic.monthly')}>{euros.format(row.monthly)}</DefinitionItem>
            <DefinitionItem label={t('smic.hourly')}>{euros.format(row.hourly)}</DefinitionItem>
            {row.mayotte ? (
              <DefinitionItem label={t('smic.mayotte')}>
                {`${euros.format(row.mayotte.monthly)} / ${euros.format(row.mayotte.hourly)}`}
              </DefinitionItem>
            ) : null}
            {row.source ? <DefinitionItem label={t('smic.source')}>{row.source}</DefinitionItem> : null}
            <DefinitionItem label={t('smic.origin')}>{origin(row)}</DefinitionItem>
          </DefinitionList>
        </Box>
      ))}
    </Box>
  );
}

function SmicTable({ rows }: { rows: SmicRow[] }) {
  const { t, i18n } = useTranslation('staff-references');
  const euros = numberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const origin = useSmicOrigin();
  return (
    // Scrolls sideways on a tablet: reachable by keyboard, named for a screen reader.
    <TableContainer role="region" aria-label={t('smic.tableLabel')} tabIndex={0}>
      {/* Dates and amounts on one line; the headings, the text and the origin wrap, so that the table fits beside the menu at 1280 px. */}
      <Table size="small" aria-label={t('smic.tableLabel')} sx={{ '& tbody th, & tbody td': { whiteSpace: 'nowrap' } }}>
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
          {rows.map((row) => (
            <TableRow key={row.validFrom}>
              <TableCell component="th" scope="row">
                {formatDate(row.validFrom)}
              </TableCell>
              <TableCell align="right">{euros.format(row.monthly)}</TableCell>
              <TableCell align="right">{euros.format(row.hourly)}</TableCell>
              <TableCell align="right">
                {row.mayotte ? `${euros.format(row.mayotte.monthly)} / ${euros.format(row.mayotte.hourly)}` : '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 150, maxWidth: 220 }}>
                {row.source ?? '—'}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'normal !important', minWidth: 110 }}>
                {origin(row)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The SMIC values, newest first: a table from a tablet's width, a list on a phone. */
function SmicValues({ rows }: { rows: SmicRow[] }) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const newestFirst = [...rows].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  return isPhone ? <SmicList rows={newestFirst} /> : <SmicTable rows={newestFirst} />;
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
  const { t, i18n } = useTranslation('staff-references');
  // 27 % in French, 27% in English.
  const share = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const percent = (values: readonly number[]) => values.map((value) => share.format(value / 100)).join(' · ');
  // Where each value comes from, as a coordinator checks it: the law's article, or the State's CERFA tool and the
  // CFA's own rule where the law gives no figure (never a file of our code).
  const dates = t('fixed.sources.contractDates');
  const values: { label: string; value: string; source: string }[] = [
    ...apprenticeshipRates.slice(0, 3).map((rates, year) => ({
      label: t('fixed.apprenticeshipYear', { year: year + 1 }),
      value: percent(rates),
      source: t('fixed.sources.apprenticeshipPay'),
    })),
    {
      label: t('fixed.professionalisation'),
      value: percent(professionalisationRates.map((rates) => rates[0])),
      source: t('fixed.sources.professionalisationPay'),
    },
    {
      label: t('fixed.professionalisationSmc'),
      value: percent([professionalisationSmcShare]),
      source: t('fixed.sources.professionalisationSmc'),
    },
    {
      label: t('fixed.ages'),
      value: t('fixed.agesValue', {
        minimum: minimumAge,
        usual: apprenticeshipUsualMinimumAge,
        maximum: apprenticeshipMaximumAge,
        derogation: apprenticeshipDerogationMaximumAge,
      }),
      source: t('fixed.sources.ages'),
    },
    {
      label: t('fixed.weeklyHours'),
      value: t('fixed.hours', { count: maxWeeklyHours }),
      source: t('fixed.sources.weeklyHours'),
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
    {
      label: t('fixed.shortContract'),
      value: t('fixed.months', { count: defaultShortContractMonths }),
      source: t('fixed.sources.cfaRule'),
    },
    {
      label: t('fixed.advisedContract'),
      value: t('fixed.months', { count: advisedContractMonths }),
      source: t('fixed.sources.cfaRule'),
    },
    { label: t('fixed.longContract'), value: t('fixed.months', { count: longContractMonths }), source: dates },
  ];
  return (
    <SectionCard title={t('fixed.title')} intro={t('fixed.intro')}>
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
    </SectionCard>
  );
}

/** Issue 28: a warning when the latest SMIC value is more than 12 months old (the law has likely changed it since). */
function SmicFreshnessAlert() {
  const { t } = useTranslation('staff-references');
  const freshness = useSmicFreshness();
  if (!freshness.data?.stale) return null;
  const { latestValidFrom, staleAfterMonths } = freshness.data;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {latestValidFrom
        ? t('smic.stale', { date: formatDate(latestValidFrom), months: staleAfterMonths })
        : t('smic.staleNone')}
    </Alert>
  );
}

/**
 * /gestion/references (issue 12, "The reference tables"), for staff and admins: the dated SMIC values the salary rules read
 * (a table they add to, as PUT /api/staff/smic allows), and the other values the rules read, which are code (read-only, with their source).
 */
function StaffReferencesPage() {
  const { t } = useTranslation('staff-references');
  const smic = useSmicTable();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SavedNotice notice={notice} onClose={() => setNotice(null)} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <SectionCard
          title={t('smic.title')}
          intro={t('smic.intro')}
          actions={
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)} sx={sectionActionSx}>
              {t('smic.add.open')}
            </Button>
          }
        >
          <SmicFreshnessAlert />
          {smic.isError ? <ErrorState error={smic.error} onRetry={() => void smic.refetch()} /> : null}
          {smic.isPending ? <LinearProgress aria-label={t('smic.loading')} /> : null}
          {smic.data ? <SmicValues rows={smic.data} /> : null}
        </SectionCard>
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
