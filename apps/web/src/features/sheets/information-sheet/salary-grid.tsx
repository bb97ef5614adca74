import SwipeLeft from '@mui/icons-material/SwipeLeftOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { SalaryGridResponse } from '@passerelle/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useWatch } from '../../../components/form/use-form';
import { ErrorState } from '../../../components/error-state';
import { useTranslation } from '../../../lib/i18n';
import { salaryGridQueryOptions } from '../api/sheets';
import { formatDate, formatEuros } from '../common/dates';
import { useSheetFormContext } from '../common/fields';
import { valueAt } from '../common/contract-mirrors';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const asDay = (value: unknown) => (typeof value === 'string' && isoDay.test(value) ? value : undefined);

type Band = { band: number; minAge: number | null; maxAge: number | null };

function useBandLabel() {
  const { t } = useTranslation('sheets');
  return (band: Band) => {
    if (band.minAge === null && band.maxAge !== null) return t('salary.bandUnder', { age: band.maxAge + 1 });
    if (band.maxAge === null && band.minAge !== null) return t('salary.bandFrom', { age: band.minAge });
    return t('salary.bandBetween', { min: band.minAge ?? 0, max: band.maxAge ?? 0 });
  };
}

function Cell({ taux, montant }: { taux: number; montant: number }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {taux} %
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
        {formatEuros(montant, i18n.language)}
      </Box>
    </>
  );
}

type ScrollEdges = { overflows: boolean; atStart: boolean; atEnd: boolean };

/** Whether an element is wider than its box, and whether it is scrolled to either end; follows scrolls and resizes. */
function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ overflows: false, atStart: true, atEnd: true });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed pages report fractional widths.
      const overflows = element.scrollWidth - element.clientWidth > 1;
      const atStart = element.scrollLeft <= 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setEdges((previous) => (previous.overflows === overflows && previous.atStart === atStart && previous.atEnd === atEnd ? previous : { overflows, atStart, atEnd }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

/** A shadow along one side of a scrolling table, shown while there are more columns on that side. */
const edgeShadow = (side: 'left' | 'right', shown: boolean): SxProps<Theme> => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: side === 'left' ? 0 : 'auto',
  right: side === 'right' ? 0 : 'auto',
  width: 20,
  pointerEvents: 'none',
  opacity: shown ? 1 : 0,
  transition: 'opacity 150ms',
  background: (theme: Theme) => `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${alpha(theme.palette.text.primary, 0.16)}, transparent)`,
});

/**
 * A table wider than the screen (a phone) scrolls sideways in its own box. Then it says so (a hint above it, a shadow
 * on the side with more columns), and the box is a named region a keyboard can focus and scroll with the arrows.
 */
function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('sheets');
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const { overflows, atStart, atEnd } = useScrollEdges(ref);
  return (
    <Box>
      {overflows ? (
        <Typography id={hintId} variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', mb: 1 }}>
          <SwipeLeft aria-hidden fontSize="small" />
          {t('salary.scrollHint')}
        </Typography>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        <TableContainer
          ref={ref}
          {...(overflows ? { role: 'region', 'aria-label': label, 'aria-describedby': hintId, tabIndex: 0 } : {})}
          sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {children}
        </TableContainer>
        <Box aria-hidden sx={edgeShadow('left', overflows && !atStart)} />
        <Box aria-hidden sx={edgeShadow('right', overflows && !atEnd)} />
      </Box>
    </Box>
  );
}

function ApprenticeshipTable({ grid }: { grid: NonNullable<SalaryGridResponse['apprentissage']> }) {
  const { t } = useTranslation('sheets');
  const bandLabel = useBandLabel();
  return (
    <ScrollableTable label={t('salary.tableApp')}>
      <Table size="small" aria-label={t('salary.tableApp')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('salary.year')}</TableCell>
            {grid.bands.map((band) => (
              <TableCell key={band.band} align="right">
                {bandLabel(band)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {grid.rows.map((row) => (
            <TableRow key={row.year}>
              <TableCell component="th" scope="row">
                {t('salary.yearN', { year: row.year })}
              </TableCell>
              {row.cells.map((cell, index) => (
                <TableCell key={index} align="right">
                  <Cell {...cell} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

function ProfessionalisationTable({ grid }: { grid: NonNullable<SalaryGridResponse['professionnalisation']> }) {
  const { t } = useTranslation('sheets');
  const bandLabel = useBandLabel();
  return (
    <ScrollableTable label={t('salary.tablePro')}>
      <Table size="small" aria-label={t('salary.tablePro')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('salary.age')}</TableCell>
            <TableCell align="right">{t('salary.standard')}</TableCell>
            <TableCell align="right">{t('salary.bacPro')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {grid.rows.map((row) => {
            const band = grid.bands.find((candidate) => candidate.band === row.band);
            return (
              <TableRow key={row.band}>
                <TableCell component="th" scope="row">
                  {band ? bandLabel(band) : row.band}
                </TableCell>
                <TableCell align="right">
                  <Cell {...row.standard} />
                </TableCell>
                <TableCell align="right">
                  <Cell {...row.bacPro} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

/**
 * SPEC 5: the legal minimum salary by age and year, shown as a table, with the contract's own periods and the
 * minimum at hiring once the birth date and the contract dates are known.
 */
export default function SalaryGrid({ birthDate }: { birthDate: string | undefined }) {
  const { t, i18n } = useTranslation('sheets');
  const { control } = useSheetFormContext();
  const contrat = useWatch({ control, name: 'contrat' });
  const employeur = useWatch({ control, name: 'employeur' });
  const start = asDay(valueAt(contrat, 'dateDebutContrat'));
  const end = asDay(valueAt(contrat, 'dateFinContrat'));
  const smc = valueAt(contrat, 'smc');
  const postcode = valueAt(employeur, 'adresse.codePostal');
  const typeContrat = valueAt(contrat, 'typeContrat') === 'PRO' ? 'PRO' : 'APP';
  const query = useQuery(
    salaryGridQueryOptions({
      date: start ?? new Date().toISOString().slice(0, 10),
      dateNaissance: birthDate,
      dateFinContrat: end,
      smc: typeof smc === 'number' ? smc : undefined,
      departementEmployeur: typeof postcode === 'string' && /^\d{5}$/.test(postcode) ? (postcode.startsWith('97') ? postcode.slice(0, 3) : postcode.slice(0, 2)) : undefined,
    }),
  );

  if (query.isPending) return <Skeleton variant="rounded" height={160} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const grid = query.data;
  const first = grid.periodes[0];
  return (
    <Box component="section" aria-label={t('salary.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('salary.title')}
      </Typography>
      {grid.smic ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('salary.smic', { amount: formatEuros(grid.smic.monthly, i18n.language), date: formatDate(grid.smic.validFrom, i18n.language) })}
        </Typography>
      ) : (
        <Alert severity="warning">{t('salary.noSmic')}</Alert>
      )}
      {first ? (
        <Alert severity="info">{t('salary.minimum', { amount: formatEuros(first.montantMinimum, i18n.language), taux: first.taux, base: first.base })}</Alert>
      ) : (
        <Alert severity="info">{t('salary.needDates')}</Alert>
      )}
      {typeContrat === 'APP' && grid.apprentissage ? <ApprenticeshipTable grid={grid.apprentissage} /> : null}
      {typeContrat === 'PRO' && grid.professionnalisation ? <ProfessionalisationTable grid={grid.professionnalisation} /> : null}
      {grid.periodes.length > 0 ? (
        <ScrollableTable label={t('salary.periods')}>
          <Table size="small" aria-label={t('salary.periods')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('salary.period')}</TableCell>
                <TableCell>{t('salary.from')}</TableCell>
                <TableCell>{t('salary.to')}</TableCell>
                <TableCell align="right">{t('salary.age')}</TableCell>
                <TableCell align="right">{t('salary.rate')}</TableCell>
                <TableCell align="right">{t('salary.minimumShort')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {grid.periodes.map((period) => (
                <TableRow key={period.ordre}>
                  <TableCell component="th" scope="row">
                    {period.ordre}
                  </TableCell>
                  <TableCell>{formatDate(period.dateDebut, i18n.language)}</TableCell>
                  <TableCell>{formatDate(period.dateFin, i18n.language)}</TableCell>
                  <TableCell align="right">{period.age}</TableCell>
                  <TableCell align="right">
                    {period.taux} % {period.base}
                  </TableCell>
                  <TableCell align="right">{formatEuros(period.montantMinimum, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      ) : null}
    </Box>
  );
}
