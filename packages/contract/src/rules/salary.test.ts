import { describe, expect, it } from 'vitest';
import {
  agreedPay,
  buildApprenticeshipPeriods,
  checkSalary,
  shippedSmicTable,
  minimumAmount,
  professionalisationFloor,
  professionalisationGridTable,
  rateOfAmount,
  salaryGridTable,
  smicAt,
  smicTable,
} from './salary.ts';
import type { SalaryInput, SalaryPeriod } from './salary.ts';

const summary = (periods: SalaryPeriod[]) =>
  periods.map(({ ordre, dateDebut, dateFin, taux, montantMinimum }) => ({
    ordre,
    dateDebut,
    dateFin,
    taux,
    montantMinimum,
  }));

describe('SMIC table', () => {
  it('ships the DOMAIN values up to 2024-11-01, then 2026-01-01, each with its source, and passes its own schema', () => {
    expect(shippedSmicTable).toHaveLength(13);
    expect(shippedSmicTable.at(-2)).toMatchObject({ validFrom: '2024-11-01', monthly: 1801.8, hourly: 11.88 });
    expect(shippedSmicTable.at(-1)).toMatchObject({
      validFrom: '2026-01-01',
      monthly: 1823.03,
      hourly: 12.02,
      mayotte: { monthly: 1415.05, hourly: 9.33 },
      source: 'Décret n° 2025-1228 du 17/12/2025, JO du 18/12/2025',
    });
    expect(shippedSmicTable.every((rate) => (rate.source ?? '').length > 0)).toBe(true);
    expect(smicTable.safeParse(shippedSmicTable).success).toBe(true);
  });

  it('rejects two values on the same date', () => {
    const rate = { validFrom: '2025-01-01', monthly: 1801.8, hourly: 11.88 };
    expect(smicTable.safeParse([rate, rate]).success).toBe(false);
  });

  it('gives the value in force on a date, the latest after the table ends', () => {
    expect(smicAt(shippedSmicTable, '2017-12-31')).toBeUndefined();
    expect(smicAt(shippedSmicTable, '2018-01-01')?.monthly).toBe(1498.47);
    expect(smicAt(shippedSmicTable, '2024-10-31')?.monthly).toBe(1766.92);
    expect(smicAt(shippedSmicTable, '2024-11-01')?.monthly).toBe(1801.8);
    expect(smicAt(shippedSmicTable, '2025-12-31')?.monthly).toBe(1801.8);
    expect(smicAt(shippedSmicTable, '2030-06-01')?.monthly).toBe(1823.03);
    expect(smicAt([...shippedSmicTable].reverse(), '2023-06-15')?.monthly).toBe(1747.2);
  });

  it('rounds amounts up to the cent', () => {
    expect(minimumAmount(1801.8, 27)).toBe(486.49);
    expect(minimumAmount(1801.8, 55)).toBe(990.99);
    expect(minimumAmount(1801.8, 100)).toBe(1801.8);
  });
});

describe('apprenticeship periods', () => {
  it('splits a year from the 1st of the month after the birthday that changes the band', () => {
    const periods = buildApprenticeshipPeriods({
      dateNaissance: '2006-03-15',
      dateDebutContrat: '2023-09-01',
      dateFinContrat: '2025-08-31',
      smicTable: shippedSmicTable,
    });
    expect(summary(periods)).toEqual([
      { ordre: '1.1', dateDebut: '2023-09-01', dateFin: '2024-03-31', taux: 27, montantMinimum: 471.75 },
      { ordre: '1.2', dateDebut: '2024-04-01', dateFin: '2024-08-31', taux: 43, montantMinimum: 751.3 },
      { ordre: '2.1', dateDebut: '2024-09-01', dateFin: '2025-08-31', taux: 51, montantMinimum: 891.08 },
    ]);
  });

  it('uses the new band from the start when the birthday is the start date', () => {
    const periods = buildApprenticeshipPeriods({
      dateNaissance: '2006-09-01',
      dateDebutContrat: '2024-09-01',
      dateFinContrat: '2025-08-31',
      smicTable: shippedSmicTable,
    });
    expect(summary(periods)).toEqual([
      { ordre: '1.1', dateDebut: '2024-09-01', dateFin: '2025-08-31', taux: 43, montantMinimum: 759.78 },
    ]);
  });

  it('does not split for a birthday in the last month of the contract', () => {
    const periods = buildApprenticeshipPeriods({
      dateNaissance: '2007-08-15',
      dateDebutContrat: '2023-09-01',
      dateFinContrat: '2025-08-31',
      smicTable: shippedSmicTable,
    });
    expect(periods.map((period) => `${period.ordre}:${period.taux}`)).toEqual(['1.1:27', '2.1:39']);
  });

  it('starts the next year in the new band when the birthday falls in the last month of a year', () => {
    const periods = buildApprenticeshipPeriods({
      dateNaissance: '2006-08-20',
      dateDebutContrat: '2023-09-01',
      dateFinContrat: '2025-08-31',
      smicTable: shippedSmicTable,
    });
    expect(periods.map((period) => `${period.ordre}:${period.dateDebut}:${period.taux}`)).toEqual([
      '1.1:2023-09-01:27',
      '2.1:2024-09-01:51',
    ]);
  });

  it('cuts the last year at the contract end and keeps year-3 rates for year 4', () => {
    const periods = buildApprenticeshipPeriods({
      dateNaissance: '2003-01-10',
      dateDebutContrat: '2021-09-15',
      dateFinContrat: '2025-03-14',
      smicTable: shippedSmicTable,
    });
    expect(periods.map((period) => `${period.ordre}:${period.dateDebut}:${period.dateFin}:${period.taux}`)).toEqual([
      '1.1:2021-09-15:2022-09-14:43',
      '2.1:2022-09-15:2023-09-14:51',
      '3.1:2023-09-15:2024-01-31:67',
      '3.2:2024-02-01:2024-09-14:78',
      '4.1:2024-09-15:2025-03-14:78',
    ]);
    // The SMIC stays the one in force on the start date, not the October 2021 raise.
    expect(new Set(periods.map((period) => period.reference))).toEqual(new Set([1554.58]));
  });

  it('applies the SMC from 21 when it is higher, and 100% from 26', () => {
    const periods = buildApprenticeshipPeriods({
      dateNaissance: '1999-01-10',
      dateDebutContrat: '2024-11-01',
      dateFinContrat: '2025-10-31',
      smicTable: shippedSmicTable,
      smc: 2000,
    });
    expect(periods.map(({ ordre, base, taux, montantMinimum }) => ({ ordre, base, taux, montantMinimum }))).toEqual([
      { ordre: '1.1', base: 'SMC', taux: 53, montantMinimum: 1060 },
      { ordre: '1.2', base: 'SMC', taux: 100, montantMinimum: 2000 },
    ]);
    expect(periods[1]?.dateDebut).toBe('2025-02-01');
  });

  it('uses Mayotte’s SMIC for an employer in 976', () => {
    const [first] = buildApprenticeshipPeriods({
      dateNaissance: '2006-01-01',
      dateDebutContrat: '2024-11-01',
      dateFinContrat: '2025-10-31',
      smicTable: shippedSmicTable,
      departementEmployeur: '976',
    });
    expect(first).toMatchObject({ reference: 1361.97, taux: 43, montantMinimum: 585.65 });
  });

  it('gives no period without a SMIC or with bad dates', () => {
    expect(
      buildApprenticeshipPeriods({
        dateNaissance: '2000-01-01',
        dateDebutContrat: '2017-09-01',
        dateFinContrat: '2018-08-31',
        smicTable: shippedSmicTable,
      }),
    ).toEqual([]);
    expect(
      buildApprenticeshipPeriods({
        dateNaissance: '2000-01-01',
        dateDebutContrat: '2024-09-01',
        dateFinContrat: '2024-02-30',
        smicTable: shippedSmicTable,
      }),
    ).toEqual([]);
  });
});

describe('professionalisation floor', () => {
  const floor = (dateNaissance: string, extra: { qualificationBacPro?: boolean; smc?: number } = {}) =>
    professionalisationFloor({ dateNaissance, dateDebutContrat: '2024-11-01', smicTable: shippedSmicTable, ...extra });

  it('is 55% under 21, 65% with a bac pro', () => {
    expect(floor('2004-11-02')).toEqual({ taux: 55, base: 'SMIC', reference: 1801.8, montantMinimum: 990.99 });
    expect(floor('2004-11-02', { qualificationBacPro: true })?.montantMinimum).toBe(1171.17);
  });

  it('is 70% from 21 to 25, 80% with a bac pro', () => {
    expect(floor('2003-11-01')?.montantMinimum).toBe(1261.26);
    expect(floor('2003-11-01', { qualificationBacPro: true })?.montantMinimum).toBe(1441.44);
  });

  it('is the SMIC from 26, or 85% of the SMC when higher', () => {
    expect(floor('1998-11-01')).toEqual({ taux: 100, base: 'SMIC', reference: 1801.8, montantMinimum: 1801.8 });
    expect(floor('1998-11-01', { smc: 2200 })).toEqual({
      taux: 85,
      base: 'SMC',
      reference: 2200,
      montantMinimum: 1870,
    });
    expect(floor('1998-11-01', { smc: 2000 })?.base).toBe('SMIC');
  });
});

describe('checkSalary', () => {
  const input = (salaireBrutMensuel: number, extra: Partial<SalaryInput> = {}): SalaryInput => ({
    typeContrat: 'APP',
    salaireBrutMensuel,
    dateNaissance: '2006-03-15',
    dateDebutContrat: '2024-11-01',
    dateFinContrat: '2026-10-31',
    smicTable: shippedSmicTable,
    ...extra,
  });

  it('accepts the period 1.1 minimum and rejects one cent less', () => {
    expect(checkSalary(input(774.78))).toEqual([]);
    expect(checkSalary(input(774.77))).toEqual([
      {
        path: 'contrat.salaireEmbauche',
        code: 'salary.below_minimum',
        severity: 'error',
        params: { minimum: 774.78, taux: 43, base: 'SMIC' },
      },
    ]);
  });

  it('refuses a chosen rate below the legal one of its period', () => {
    const remunerations = [
      { ordre: '1.1', taux: 50 },
      { ordre: '2.1', taux: 50 },
    ];
    expect(checkSalary(input(900, { remunerations }))).toEqual([
      {
        path: 'contrat.remunerationsAnnuelles.1.taux',
        code: 'salary.rate_below_minimum',
        severity: 'error',
        params: { period: '2.1', min: 51 },
      },
    ]);
  });

  it('checks a professionalisation salary against its floor', () => {
    const pro = (salary: number) =>
      input(salary, { typeContrat: 'PRO', dateNaissance: '2004-11-02', qualificationBacPro: true });
    expect(checkSalary(pro(1171.17))).toEqual([]);
    expect(checkSalary(pro(1171.16)).map((issue) => issue.params)).toEqual([
      { minimum: 1171.17, taux: 65, base: 'SMIC' },
    ]);
  });

  it('warns when no SMIC is recorded for the start date', () => {
    expect(checkSalary(input(900, { dateDebutContrat: '2017-09-01', dateFinContrat: '2018-08-31' }))).toEqual([
      { path: 'contrat.salaireEmbauche', code: 'salary.no_smic', severity: 'warning', params: { date: '2017-09-01' } },
    ]);
  });
});

describe('pay above the minimum (issue 28)', () => {
  // Born 2006-03-15, a contract from 2024-11-01 to 2026-10-31 on the SMIC of 1 801,80 €: 1.1 at 43 % (18 years),
  // 2.1 at 51 % (19 years), split at 21 on 2027-04 only after the end, so two periods.
  const periods = buildApprenticeshipPeriods({
    dateNaissance: '2006-03-15',
    dateDebutContrat: '2024-11-01',
    dateFinContrat: '2026-10-31',
    smicTable: shippedSmicTable,
  });
  const input = (remunerations: SalaryInput['remunerations']): SalaryInput => ({
    typeContrat: 'APP',
    salaireBrutMensuel: 1000,
    dateNaissance: '2006-03-15',
    dateDebutContrat: '2024-11-01',
    dateFinContrat: '2026-10-31',
    smicTable: shippedSmicTable,
    remunerations,
  });

  it('derives the rate of an amount to the hundredth of a percent', () => {
    expect(rateOfAmount(1000, 1801.8)).toBe(55.5);
    expect(rateOfAmount(1234, 1801.8)).toBe(68.49);
    // The minimum amount, rounded up to the cent, gives back the minimum rate.
    expect(rateOfAmount(774.78, 1801.8)).toBe(43);
    expect(rateOfAmount(500, 0)).toBe(0);
  });

  it('pays the amount agreed, else the rate agreed, else the minimum', () => {
    const [first] = periods;
    if (!first) throw new Error('no period');
    expect(first).toMatchObject({ ordre: '1.1', taux: 43, montantMinimum: 774.78, reference: 1801.8 });
    expect(agreedPay(first)).toEqual({ taux: 43, montant: 774.78 });
    expect(agreedPay(first, { ordre: '1.1', taux: 60 })).toEqual({ taux: 60, montant: 1081.08 });
    // 1 801,80 × 55,5 % = 999,999: rounded up to the cent.
    expect(agreedPay(first, { ordre: '1.1', taux: 55.5 })).toEqual({ taux: 55.5, montant: 1000 });
    expect(agreedPay(first, { ordre: '1.1', taux: 60, montant: 1234 })).toEqual({ taux: 68.49, montant: 1234 });
  });

  it('accepts any rate or amount from the minimum up', () => {
    expect(
      checkSalary(
        input([
          { ordre: '1.1', taux: 43 },
          { ordre: '2.1', montant: 918.92 },
        ]),
      ),
    ).toEqual([]);
    expect(
      checkSalary(
        input([
          { ordre: '1.1', taux: 75 },
          { ordre: '2.1', montant: 1500 },
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a rate or an amount below the minimum of its period, under its own field', () => {
    expect(
      checkSalary(
        input([
          { ordre: '1.1', taux: 42.99 },
          { ordre: '2.1', montant: 918.91 },
        ]),
      ),
    ).toEqual([
      {
        path: 'contrat.remunerationsAnnuelles.0.taux',
        code: 'salary.rate_below_minimum',
        severity: 'error',
        params: { period: '1.1', min: 43 },
      },
      {
        path: 'contrat.remunerationsAnnuelles.1.montant',
        code: 'salary.amount_below_minimum',
        severity: 'error',
        params: { period: '2.1', minimum: 918.92 },
      },
    ]);
  });

  it('asks for a rate or an amount when a period has neither', () => {
    expect(checkSalary(input([{ ordre: '1.1', taux: null, montant: null }]))).toEqual([
      {
        path: 'contrat.remunerationsAnnuelles.0.taux',
        code: 'salary.pay_required',
        severity: 'error',
        params: { period: '1.1' },
      },
    ]);
  });

  it('leaves an entry of a period the contract no longer has (its dates changed) to the documents', () => {
    expect(checkSalary(input([{ ordre: '3.1', taux: 1 }]))).toEqual([]);
  });
});

describe('grids shown to the user', () => {
  it('lists the apprenticeship rates and amounts by year and age band', () => {
    const grid = salaryGridTable(smicAt(shippedSmicTable, '2025-06-01') ?? 0);
    expect(grid.bands.map((band) => [band.minAge, band.maxAge])).toEqual([
      [null, 17],
      [18, 20],
      [21, 25],
      [26, null],
    ]);
    expect(grid.rows[0]).toEqual({
      year: 1,
      cells: [
        { taux: 27, montant: 486.49 },
        { taux: 43, montant: 774.78 },
        { taux: 53, montant: 954.96 },
        { taux: 100, montant: 1801.8 },
      ],
    });
    expect(grid.rows.map((row) => row.cells.map((cell) => cell.taux))).toEqual([
      [27, 43, 53, 100],
      [39, 51, 61, 100],
      [55, 67, 78, 100],
      [55, 67, 78, 100],
    ]);
  });

  it('lists the professionalisation floors with and without a bac pro', () => {
    const grid = professionalisationGridTable(1801.8);
    expect(grid.rows.map((row) => [row.standard.montant, row.bacPro.montant])).toEqual([
      [990.99, 1171.17],
      [1261.26, 1441.44],
      [1801.8, 1801.8],
    ]);
  });
});
