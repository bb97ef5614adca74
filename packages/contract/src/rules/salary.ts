import {
  addDaysToIsoDate,
  addMonthsToIsoDate,
  addYearsToIsoDate,
  ageAt,
  firstDayOfNextMonth,
  isValidIsoDate,
  minIsoDate,
} from './dates.ts';
import { ruleError, ruleWarning } from './issue.ts';
import type { RuleIssue } from './issue.ts';
import type { ContractKind } from './contract-dates.ts';
import type { SmicRate } from './smic.ts';

// ---------- SMIC table ----------

export { smicRate, smicRateForm, smicTable, type SmicRate, type SmicRateForm } from './smic.ts';


/** The Journal officiel that published a value (the CERFA tool's table, DOMAIN 1.6). */
const jo = (date: string) => `JO du ${date}`;

/**
 * The SMIC values the portal ships, each with the text that set it: the CERFA tool's table (DOMAIN 1.6) from 2018 to
 * 2024-11-01 with the Journal officiel that published each, then the values since (issue 28), checked against the
 * published amounts: 1 January 2025 changed nothing (11,88 EUR/h since 1 November 2024); 1 January 2026: 12,02 EUR/h,
 * 1 823,03 EUR/month, Mayotte 9,33 EUR/h and 1 415,05 EUR/month. The one source of the shipped values: the API's SMIC
 * module adds those a database lacks, never over a value staff set, and staff add the later ones in the back office.
 */
export const shippedSmicTable: readonly SmicRate[] = [
  { validFrom: '2018-01-01', monthly: 1498.47, hourly: 9.88, mayotte: { monthly: 1131.43, hourly: 7.46 }, source: jo('21/12/2017') },
  { validFrom: '2019-01-01', monthly: 1521.22, hourly: 10.03, mayotte: { monthly: 1148.12, hourly: 7.57 }, source: jo('20/12/2018') },
  { validFrom: '2020-01-01', monthly: 1539.42, hourly: 10.15, mayotte: { monthly: 1161.77, hourly: 7.66 }, source: jo('19/12/2019') },
  { validFrom: '2021-01-01', monthly: 1554.58, hourly: 10.25, mayotte: { monthly: 1173.27, hourly: 7.74 }, source: jo('17/12/2020') },
  { validFrom: '2021-10-01', monthly: 1589.47, hourly: 10.48, mayotte: { monthly: 1199.08, hourly: 7.91 }, source: jo('30/09/2021') },
  { validFrom: '2022-01-01', monthly: 1603.12, hourly: 10.57, mayotte: { monthly: 1210.3, hourly: 7.98 }, source: jo('22/12/2021') },
  { validFrom: '2022-05-01', monthly: 1645.58, hourly: 10.85, mayotte: { monthly: 1242.15, hourly: 8.19 }, source: jo('20/04/2022') },
  { validFrom: '2022-08-01', monthly: 1678.95, hourly: 11.07, mayotte: { monthly: 1266.42, hourly: 8.35 }, source: jo('29/07/2022') },
  { validFrom: '2023-01-01', monthly: 1709.28, hourly: 11.27, mayotte: { monthly: 1290.68, hourly: 8.51 }, source: jo('23/12/2022') },
  { validFrom: '2023-05-01', monthly: 1747.2, hourly: 11.52, mayotte: { monthly: 1319.5, hourly: 8.7 }, source: jo('27/04/2023') },
  { validFrom: '2024-01-01', monthly: 1766.92, hourly: 11.65, mayotte: { monthly: 1334.67, hourly: 8.8 }, source: jo('21/12/2023') },
  {
    validFrom: '2024-11-01',
    monthly: 1801.8,
    hourly: 11.88,
    mayotte: { monthly: 1361.97, hourly: 8.98 },
    source: 'Décret n° 2024-951 du 23/10/2024, JO du 24/10/2024',
  },
  {
    validFrom: '2026-01-01',
    monthly: 1823.03,
    hourly: 12.02,
    mayotte: { monthly: 1415.05, hourly: 9.33 },
    source: 'Décret n° 2025-1228 du 17/12/2025, JO du 18/12/2025',
  },
];

/** The SMIC in force on `date`: the latest value from that day or before; undefined before the table's first. */
export function smicAt(table: readonly SmicRate[], date: string): SmicRate | undefined {
  let found: SmicRate | undefined;
  for (const rate of table) {
    if (rate.validFrom <= date && (!found || rate.validFrom > found.validFrom)) found = rate;
  }
  return found;
}

function monthlySmic(rate: SmicRate, departementEmployeur?: string | null): number {
  return departementEmployeur === '976' && rate.mayotte ? rate.mayotte.monthly : rate.monthly;
}

/** Amount × rate %, rounded up to the cent (DOMAIN 1.6), computed in cents to stay exact. */
export function minimumAmount(reference: number, taux: number): number {
  const cents = Math.round(reference * 100);
  return Math.ceil((cents * taux) / 100) / 100;
}

// ---------- Apprenticeship grid ----------

export type AgeBand = 0 | 1 | 2 | 3;

/** Age bands of the apprenticeship grid: under 18, 18–20, 21–25, 26 and over. */
export const apprenticeshipAgeBands = [
  { band: 0, minAge: null, maxAge: 17 },
  { band: 1, minAge: 18, maxAge: 20 },
  { band: 2, minAge: 21, maxAge: 25 },
  { band: 3, minAge: 26, maxAge: null },
] as const;

export function apprenticeshipAgeBand(age: number): AgeBand {
  if (age < 18) return 0;
  if (age < 21) return 1;
  if (age < 26) return 2;
  return 3;
}

/** Minimum % of the SMIC by contract year (rows) and age band (columns), Code du travail D6222-26. */
export const apprenticeshipRates: readonly (readonly [number, number, number, number])[] = [
  [27, 43, 53, 100],
  [39, 51, 61, 100],
  [55, 67, 78, 100],
  [55, 67, 78, 100],
];

export function apprenticeshipRate(contractYear: number, band: AgeBand): number {
  const row = apprenticeshipRates[Math.min(Math.max(contractYear, 1), apprenticeshipRates.length) - 1];
  // Rows have four columns and the band is 0 to 3, so the cell always exists.
  return row?.[band] ?? 100;
}

export type SalaryBase = 'SMIC' | 'SMC';

export type SalaryPeriod = {
  /** `1.1`, `1.2`, `2.1` …: contract year, then the part of it at one rate. */
  ordre: string;
  annee: number;
  dateDebut: string;
  dateFin: string;
  age: number;
  ageBand: AgeBand;
  /** Minimum % of the base. */
  taux: number;
  base: SalaryBase;
  /** The monthly SMIC or SMC the rate applies to. */
  reference: number;
  /** Minimum gross monthly amount, rounded up to the cent. */
  montantMinimum: number;
};

export type ApprenticeshipPeriodsInput = {
  dateNaissance: string;
  dateDebutContrat: string;
  dateFinContrat: string;
  smicTable: readonly SmicRate[];
  /** Salaire minimum conventionnel (monthly): applies from 21 when higher than the SMIC. */
  smc?: number | null;
  departementEmployeur?: string | null;
};

/**
 * The age that sets the rate on `date`. At the start it is the real age; a later birthday counts
 * from the first day of the following month (D6222-26).
 */
function rateAge(dateNaissance: string, dateDebutContrat: string, date: string): number {
  const lastDayOfPreviousMonth = addDaysToIsoDate(`${date.slice(0, 7)}-01`, -1);
  return Math.max(ageAt(dateNaissance, dateDebutContrat), ageAt(dateNaissance, lastDayOfPreviousMonth));
}

/**
 * Splits the contract into the CERFA's salary periods (DOMAIN 1.6): contract years from the start
 * anniversary, each split when a birthday moves the apprentice into a higher age band. The SMIC is
 * the one in force on the start date. Empty when a date is invalid or no SMIC applies.
 */
export function buildApprenticeshipPeriods(input: ApprenticeshipPeriodsInput): SalaryPeriod[] {
  const { dateNaissance, dateDebutContrat, dateFinContrat } = input;
  if (![dateNaissance, dateDebutContrat, dateFinContrat].every(isValidIsoDate) || dateFinContrat < dateDebutContrat)
    return [];
  const smic = smicAt(input.smicTable, dateDebutContrat);
  if (!smic) return [];
  const smicMonthly = monthlySmic(smic, input.departementEmployeur);
  const smc = input.smc ?? 0;

  const periods: SalaryPeriod[] = [];
  for (let year = 1; ; year += 1) {
    const yearStart = addYearsToIsoDate(dateDebutContrat, year - 1);
    if (yearStart > dateFinContrat) break;
    const yearEnd = minIsoDate(addDaysToIsoDate(addYearsToIsoDate(dateDebutContrat, year), -1), dateFinContrat);

    const starts = [yearStart];
    let band = apprenticeshipAgeBand(rateAge(dateNaissance, dateDebutContrat, yearStart));
    for (let month = firstDayOfNextMonth(yearStart); month <= yearEnd; month = addMonthsToIsoDate(month, 1)) {
      const monthBand = apprenticeshipAgeBand(rateAge(dateNaissance, dateDebutContrat, month));
      if (monthBand !== band) {
        starts.push(month);
        band = monthBand;
      }
    }

    starts.forEach((periodStart, index) => {
      const next = starts[index + 1];
      const age = rateAge(dateNaissance, dateDebutContrat, periodStart);
      const ageBand = apprenticeshipAgeBand(age);
      const taux = apprenticeshipRate(year, ageBand);
      const base: SalaryBase = ageBand >= 2 && smc > smicMonthly ? 'SMC' : 'SMIC';
      const reference = base === 'SMC' ? smc : smicMonthly;
      periods.push({
        ordre: `${year}.${index + 1}`,
        annee: year,
        dateDebut: periodStart,
        dateFin: next ? addDaysToIsoDate(next, -1) : yearEnd,
        age,
        ageBand,
        taux,
        base,
        reference,
        montantMinimum: minimumAmount(reference, taux),
      });
    });
  }
  return periods;
}

// ---------- Agreed pay (the employer may pay more than the minimum, DOMAIN 1.6) ----------

/**
 * What the employer agreed for one period, as the information sheet holds it (`contrat.remunerationsAnnuelles`): a rate
 * of the period's base, or a gross monthly amount (then the rate is derived from it). Neither: the minimum applies.
 */
export type ChosenPay = { ordre: string; taux?: number | null | undefined; montant?: number | null | undefined };

/** The agreed pay of each period as a sheet holds it (`contrat.remunerationsAnnuelles`), by the index of its entry. */
export function chosenPayOf(value: unknown): ChosenPay[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: unknown) => {
    const row = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const number = (key: string) => (typeof row[key] === 'number' ? row[key] : undefined);
    return {
      ordre: typeof row['ordre'] === 'string' ? row['ordre'] : '',
      taux: number('taux'),
      montant: number('montant'),
    };
  });
}

/** The rate an amount makes of a reference, to the hundredth of a percent (the CERFA prints a rate). */
export function rateOfAmount(montant: number, reference: number): number {
  return reference > 0 ? Math.round((montant / reference) * 10_000) / 100 : 0;
}

/**
 * A period's pay as agreed: the amount the employer gave (its rate derived), else the rate given (its amount rounded
 * up to the cent), else the legal minimum. Not judged here: `checkSalary` refuses less than the minimum.
 */
export function agreedPay(
  period: Pick<SalaryPeriod, 'taux' | 'reference' | 'montantMinimum'>,
  chosen?: ChosenPay,
): { taux: number; montant: number } {
  if (typeof chosen?.montant === 'number')
    return { taux: rateOfAmount(chosen.montant, period.reference), montant: chosen.montant };
  if (typeof chosen?.taux === 'number')
    return { taux: chosen.taux, montant: minimumAmount(period.reference, chosen.taux) };
  return { taux: period.taux, montant: period.montantMinimum };
}

/**
 * The findings on the agreed pay of each period, by the index of its entry: an entry with neither rate nor amount, an
 * amount below the period's minimum, a rate below its minimum rate. Entries of a period the contract no longer has (its
 * dates changed) are left: the documents read the periods of the contract's dates.
 */
export function checkAgreedPay(
  periods: readonly Pick<SalaryPeriod, 'ordre' | 'taux' | 'reference' | 'montantMinimum'>[],
  chosen: readonly ChosenPay[],
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  chosen.forEach((entry, index) => {
    const period = periods.find((candidate) => candidate.ordre === entry.ordre);
    if (!period) return;
    const path = `contrat.remunerationsAnnuelles.${index}`;
    if (typeof entry.montant !== 'number' && typeof entry.taux !== 'number') {
      issues.push(ruleError(`${path}.taux`, 'salary.pay_required', { period: period.ordre }));
      return;
    }
    const agreed = agreedPay(period, entry);
    if (typeof entry.montant === 'number') {
      if (agreed.montant < period.montantMinimum || agreed.taux < period.taux)
        issues.push(
          ruleError(`${path}.montant`, 'salary.amount_below_minimum', {
            period: period.ordre,
            minimum: period.montantMinimum,
          }),
        );
    } else if (agreed.taux < period.taux) {
      issues.push(ruleError(`${path}.taux`, 'salary.rate_below_minimum', { period: period.ordre, min: period.taux }));
    }
  });
  return issues;
}

// ---------- Professionalisation floor (DOMAIN 1.8, D6325-15 and D6325-18) ----------

export type ProfessionalisationFloor = { taux: number; base: SalaryBase; reference: number; montantMinimum: number };

export const professionalisationAgeBands = [
  { band: 0, minAge: null, maxAge: 20 },
  { band: 1, minAge: 21, maxAge: 25 },
  { band: 2, minAge: 26, maxAge: null },
] as const;

/** % of the SMIC by age band: without, then with a bac pro or a professional title of that level. */
export const professionalisationRates: readonly (readonly [number, number])[] = [
  [55, 65],
  [70, 80],
  [100, 100],
];

/** From 26 the pay is at least the SMIC and at least 85% of the branch's minimum (SMC). */
export const professionalisationSmcShare = 85;

export function professionalisationFloorFor(
  age: number,
  smicMonthly: number,
  { qualificationBacPro = false, smc = 0 }: { qualificationBacPro?: boolean; smc?: number | null } = {},
): ProfessionalisationFloor {
  const band = age < 21 ? 0 : age < 26 ? 1 : 2;
  const rates = professionalisationRates[band] ?? [100, 100];
  const taux = qualificationBacPro ? rates[1] : rates[0];
  const smicFloor: ProfessionalisationFloor = {
    taux,
    base: 'SMIC',
    reference: smicMonthly,
    montantMinimum: minimumAmount(smicMonthly, taux),
  };
  if (band < 2 || !smc) return smicFloor;
  const smcAmount = minimumAmount(smc, professionalisationSmcShare);
  return smcAmount > smicFloor.montantMinimum
    ? { taux: professionalisationSmcShare, base: 'SMC', reference: smc, montantMinimum: smcAmount }
    : smicFloor;
}

export type ProfessionalisationFloorInput = {
  dateNaissance: string;
  dateDebutContrat: string;
  smicTable: readonly SmicRate[];
  qualificationBacPro?: boolean;
  smc?: number | null;
  departementEmployeur?: string | null;
};

/** The floor at the contract start, on the SMIC in force that day; undefined without a valid date or SMIC. */
export function professionalisationFloor(input: ProfessionalisationFloorInput): ProfessionalisationFloor | undefined {
  if (!isValidIsoDate(input.dateNaissance) || !isValidIsoDate(input.dateDebutContrat)) return undefined;
  const smic = smicAt(input.smicTable, input.dateDebutContrat);
  if (!smic) return undefined;
  return professionalisationFloorFor(
    ageAt(input.dateNaissance, input.dateDebutContrat),
    monthlySmic(smic, input.departementEmployeur),
    {
      qualificationBacPro: input.qualificationBacPro ?? false,
      smc: input.smc ?? 0,
    },
  );
}

// ---------- Check ----------

export type SalaryInput = {
  typeContrat: ContractKind;
  salaireBrutMensuel: number | null | undefined;
  dateNaissance: string | null | undefined;
  dateDebutContrat: string | null | undefined;
  dateFinContrat: string | null | undefined;
  smicTable: readonly SmicRate[];
  smc?: number | null;
  departementEmployeur?: string | null;
  /** Professionalisation: holds a bac pro or a professional title of the same level. */
  qualificationBacPro?: boolean;
  /** Apprenticeship: the rate or amount the employer agreed per period; each may be raised, never lowered. */
  remunerations?: readonly ChosenPay[];
};

const salaryPath = 'contrat.salaireEmbauche';

export function checkSalary(input: SalaryInput): RuleIssue[] {
  const { dateNaissance, dateDebutContrat, dateFinContrat } = input;
  if (!isValidIsoDate(dateNaissance) || !isValidIsoDate(dateDebutContrat)) return [];
  if (!smicAt(input.smicTable, dateDebutContrat))
    return [ruleWarning(salaryPath, 'salary.no_smic', { date: dateDebutContrat })];
  const salary = input.salaireBrutMensuel;

  if (input.typeContrat === 'PRO') {
    const floor = professionalisationFloor({
      ...input,
      dateNaissance,
      dateDebutContrat,
      qualificationBacPro: input.qualificationBacPro ?? false,
    });
    if (!floor || salary === null || salary === undefined || salary >= floor.montantMinimum) return [];
    return [
      ruleError(salaryPath, 'salary.below_minimum', {
        minimum: floor.montantMinimum,
        taux: floor.taux,
        base: floor.base,
      }),
    ];
  }

  if (!isValidIsoDate(dateFinContrat)) return [];
  const periods = buildApprenticeshipPeriods({ ...input, dateNaissance, dateDebutContrat, dateFinContrat });
  const first = periods[0];
  if (!first) return [];
  const issues: RuleIssue[] = [];
  if (salary !== null && salary !== undefined && salary < first.montantMinimum) {
    issues.push(
      ruleError(salaryPath, 'salary.below_minimum', {
        minimum: first.montantMinimum,
        taux: first.taux,
        base: first.base,
      }),
    );
  }
  issues.push(...checkAgreedPay(periods, input.remunerations ?? []));
  return issues;
}

// ---------- Tables shown to the user ----------

export type GridCell = { taux: number; montant: number };

function monthlyOf(smic: SmicRate | number): number {
  return typeof smic === 'number' ? smic : smic.monthly;
}

/** The apprenticeship grid on one SMIC: a row per contract year, a cell per age band (% and €). */
export function salaryGridTable(smic: SmicRate | number) {
  const smicMonthly = monthlyOf(smic);
  return {
    bands: apprenticeshipAgeBands,
    rows: apprenticeshipRates.map((rates, index) => ({
      year: index + 1,
      cells: rates.map((taux): GridCell => ({ taux, montant: minimumAmount(smicMonthly, taux) })),
    })),
  };
}

/** The professionalisation floors on one SMIC: a row per age band, without and with a bac pro. */
export function professionalisationGridTable(smic: SmicRate | number) {
  const smicMonthly = monthlyOf(smic);
  return {
    bands: professionalisationAgeBands,
    rows: professionalisationRates.map((rates, index) => ({
      band: index,
      standard: { taux: rates[0], montant: minimumAmount(smicMonthly, rates[0]) } satisfies GridCell,
      bacPro: { taux: rates[1], montant: minimumAmount(smicMonthly, rates[1]) } satisfies GridCell,
    })),
  };
}
