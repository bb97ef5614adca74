import SwipeLeft from '@mui/icons-material/SwipeLeftOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, lighten, darken, type SxProps, type Theme } from '@mui/material/styles';
import type { SalaryGridResponse } from '@passerelle/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { ErrorState } from '../../../components/error-state';
import { OutlinedField } from '../../../components/form/outlined-field';
import { useTranslation } from 'react-i18next';
import { salaryGridQueryOptions } from '../api/sheets';
import { formatDate, formatEuros } from '../common/dates';
import { useFieldWarnings, useSheetFormContext } from '../common/fields';
import { valueAt } from '../common/contract-mirrors';
import { fieldMessage } from '../common/messages';
import { fieldId, type SheetValues } from '../common/use-sheet';
import { RoundedPlaceholder } from '../../../components/rounded-placeholder';
import { amountOf, enterPay, PAY_PATH, salaryGridParams, storedPeriods, type GridPeriod } from './agreed-pay';

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

/**
 * MUI's small Table drawn on plain table elements (docs/decisions/0028): the cells' type, padding, rule and alignment.
 * Head cells are `th scope="col"`, each row's first cell `th scope="row"`; `end` aligns a number column to the right.
 */
const tableSx: SxProps<Theme> = {
  width: '100%',
  borderCollapse: 'collapse',
  borderSpacing: 0,
  '& tr': { color: 'inherit', verticalAlign: 'middle' },
  '& th, & td': {
    typography: 'body2',
    verticalAlign: 'inherit',
    borderBottom: (theme) =>
      `1px solid ${theme.palette.mode === 'light' ? lighten(alpha(theme.palette.divider, 1), 0.88) : darken(alpha(theme.palette.divider, 1), 0.68)}`,
    textAlign: 'left',
    padding: '6px 16px',
    color: 'text.primary',
  },
  '& thead th': { lineHeight: (theme) => theme.typography.pxToRem(24), fontWeight: 'fontWeightMedium' },
  '& th.end, & td.end': { textAlign: 'right' },
};

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
        <Box
          ref={ref}
          {...(overflows ? { role: 'region', 'aria-label': label, 'aria-describedby': hintId, tabIndex: 0 } : {})}
          sx={{ width: '100%', overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {children}
        </Box>
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
      <Box component="table" aria-label={t('salary.tableApp')} sx={tableSx}>
        <thead>
          <tr>
            <th scope="col">{t('salary.year')}</th>
            {grid.bands.map((band) => (
              <th scope="col" key={band.band} className="end">
                {bandLabel(band)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.year}>
              <th scope="row">
                {t('salary.yearN', { year: row.year })}
              </th>
              {row.cells.map((cell, index) => (
                <td key={index} className="end">
                  <Cell {...cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </ScrollableTable>
  );
}

function ProfessionalisationTable({ grid }: { grid: NonNullable<SalaryGridResponse['professionnalisation']> }) {
  const { t } = useTranslation('sheets');
  const bandLabel = useBandLabel();
  return (
    <ScrollableTable label={t('salary.tablePro')}>
      <Box component="table" aria-label={t('salary.tablePro')} sx={tableSx}>
        <thead>
          <tr>
            <th scope="col">{t('salary.age')}</th>
            <th scope="col" className="end">{t('salary.standard')}</th>
            <th scope="col" className="end">{t('salary.bacPro')}</th>
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => {
            const band = grid.bands.find((candidate) => candidate.band === row.band);
            return (
              <tr key={row.band}>
                <th scope="row">
                  {band ? bandLabel(band) : row.band}
                </th>
                <td className="end">
                  <Cell {...row.standard} />
                </td>
                <td className="end">
                  <Cell {...row.bacPro} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </ScrollableTable>
  );
}

/** A number typed in a number field: the number, or undefined when the field is empty. */
const typedNumber = (raw: string) => (raw.trim() === '' ? undefined : Number(raw));

/**
 * One period of the contract: its dates, the apprentice's age and the legal minimum beside the rate and the amount the
 * employer agrees; either one gives the other. A message under the field refuses less than the minimum.
 */
function PayPeriod({ period, index, form }: { period: GridPeriod; index: number; form: UseFormReturn<SheetValues> }) {
  const { t, i18n } = useTranslation('sheets');
  const { control, labels } = useSheetFormContext();
  const ratePath = `${PAY_PATH}.${index}.taux`;
  const amountPath = `${PAY_PATH}.${index}.montant`;
  const rate = useController({ name: ratePath, control });
  const amount = useController({ name: amountPath, control });
  const entry = storedPeriods(useWatch({ control, name: PAY_PATH }))[index];
  const rateWarnings = useFieldWarnings(ratePath);
  const amountWarnings = useFieldWarnings(amountPath);
  const legendId = useId();
  const minimumId = useId();
  const base = period.base;
  const params = { period: period.ordre, min: period.taux, minimum: period.montantMinimum };
  const rateError = fieldMessage(rate.fieldState.error?.message, i18n.language, params);
  const amountError = fieldMessage(amount.fieldState.error?.message, i18n.language, params);
  const rateLabel = t('salary.pay.rate', { base });
  const amountLabel = t('salary.pay.amount');
  useEffect(() => {
    labels.set(ratePath, t('salary.pay.fieldOf', { label: rateLabel, period: period.ordre }));
    labels.set(amountPath, t('salary.pay.fieldOf', { label: amountLabel, period: period.ordre }));
  }, [labels, ratePath, amountPath, rateLabel, amountLabel, period.ordre, t]);
  const shown = amountOf(period, entry);
  const helper = (error: string | undefined, warnings: string[]) => error ?? (warnings.length > 0 ? warnings.join(' ') : undefined);
  return (
    <Box
      component="fieldset"
      aria-labelledby={`${legendId} ${minimumId}`}
      sx={{ m: 0, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1.5, pb: 2, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }}
    >
      <Box sx={{ gridColumn: { xs: 'span 12', md: 'span 4' }, minWidth: 0 }}>
        <Typography id={legendId} component="h4" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {t('salary.pay.legend', { ordre: period.ordre, from: formatDate(period.dateDebut, i18n.language), to: formatDate(period.dateFin, i18n.language) })}
        </Typography>
        <Typography id={minimumId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('salary.pay.minimum', { age: period.age, taux: period.taux, base, amount: formatEuros(period.montantMinimum, i18n.language) })}
        </Typography>
      </Box>
      <Box sx={{ gridColumn: { xs: 'span 12', sm: 'span 6', md: 'span 4' }, minWidth: 0 }}>
        <OutlinedField
          id={fieldId(ratePath)}
          label={rateLabel}
          error={Boolean(rateError)}
          helperText={helper(rateError, rateWarnings)}
          input={{
            name: rate.field.name,
            type: 'number',
            value: typeof entry?.taux === 'number' ? entry.taux : '',
            onChange: (event) => enterPay(form, period, index, { taux: typedNumber(event.target.value) }),
            onBlur: rate.field.onBlur,
            inputRef: rate.field.ref,
            inputProps: { inputMode: 'decimal', step: 'any', min: 0 },
          }}
        />
      </Box>
      <Box sx={{ gridColumn: { xs: 'span 12', sm: 'span 6', md: 'span 4' }, minWidth: 0 }}>
        <OutlinedField
          id={fieldId(amountPath)}
          label={amountLabel}
          error={Boolean(amountError)}
          helperText={helper(amountError, amountWarnings)}
          input={{
            name: amount.field.name,
            type: 'number',
            // What was typed as typed; an amount computed from the rate to the cent (1099.10, not 1099.1).
            value: typeof entry?.montant === 'number' ? entry.montant : shown === undefined ? '' : shown.toFixed(2),
            onChange: (event) => {
              const typed = typedNumber(event.target.value);
              enterPay(form, period, index, typed === undefined ? {} : { montant: typed });
            },
            onBlur: amount.field.onBlur,
            inputRef: amount.field.ref,
            inputProps: { inputMode: 'decimal', step: 'any', min: 0 },
          }}
        />
      </Box>
    </Box>
  );
}

/** The contract's periods, each with its minimum and the pay agreed (issue 28): an apprenticeship's. */
function PayPeriods({ periods, form }: { periods: readonly GridPeriod[]; form: UseFormReturn<SheetValues> }) {
  const { t } = useTranslation('sheets');
  const { control } = useSheetFormContext();
  const stored = storedPeriods(useWatch({ control, name: PAY_PATH }));
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('salary.pay.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('salary.pay.help')}
      </Typography>
      {periods.map((period, index) =>
        // The stored periods follow the contract's (agreed-pay.ts): a row shows once its entry is there.
        stored[index]?.ordre === period.ordre ? <PayPeriod key={period.ordre} period={period} index={index} form={form} /> : null,
      )}
    </Box>
  );
}

/**
 * SPEC 5: the legal minimum salary by age and year, shown as a table, with the contract's own periods and the
 * minimum at hiring once the birth date and the contract dates are known. Apprenticeship: each period's pay is agreed
 * here, at least its minimum (issue 28).
 */
export default function SalaryGrid({ birthDate, form }: { birthDate: string | undefined; form: UseFormReturn<SheetValues> }) {
  const { t, i18n } = useTranslation('sheets');
  const { control } = useSheetFormContext();
  const contrat = useWatch({ control, name: 'contrat' });
  const employeur = useWatch({ control, name: 'employeur' });
  const typeContrat = valueAt(contrat, 'typeContrat') === 'PRO' ? 'PRO' : 'APP';
  // The same query as the pay rule's (agreed-pay.ts): one request.
  const query = useQuery(salaryGridQueryOptions(salaryGridParams(contrat, employeur, birthDate)));

  if (query.isPending) return <RoundedPlaceholder height={160} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const grid = query.data;
  const first = grid.periodes[0];
  return (
    <>
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
        {typeContrat === 'PRO' && grid.periodes.length > 0 ? (
          <ScrollableTable label={t('salary.periods')}>
            <Box component="table" aria-label={t('salary.periods')} sx={tableSx}>
              <thead>
                <tr>
                  <th scope="col">{t('salary.period')}</th>
                  <th scope="col">{t('salary.from')}</th>
                  <th scope="col">{t('salary.to')}</th>
                  <th scope="col" className="end">{t('salary.age')}</th>
                  <th scope="col" className="end">{t('salary.rate')}</th>
                  <th scope="col" className="end">{t('salary.minimumShort')}</th>
                </tr>
              </thead>
              <tbody>
                {grid.periodes.map((period) => (
                  <tr key={period.ordre}>
                    <th scope="row">
                      {period.ordre}
                    </th>
                    <td>{formatDate(period.dateDebut, i18n.language)}</td>
                    <td>{formatDate(period.dateFin, i18n.language)}</td>
                    <td className="end">{period.age}</td>
                    <td className="end">
                      {period.taux} % {period.base}
                    </td>
                    <td className="end">{formatEuros(period.montantMinimum, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </ScrollableTable>
        ) : null}
      </Box>
      {typeContrat === 'APP' && grid.periodes.length > 0 ? <PayPeriods periods={grid.periodes} form={form} /> : null}
    </>
  );
}
