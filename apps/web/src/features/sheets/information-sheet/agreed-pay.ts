import type { SalaryGridResponse } from '@passerelle/contract';
import { agreedPay, checkAgreedPay, chosenPayOf, rateOfAmount } from '@passerelle/contract/rules/salary';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { salaryGridQueryOptions, type SalaryGridParams } from '../api/sheets';
import { fingerprint } from '../common/draft-storage';
import { valueAt } from '../common/contract-mirrors';
import type { ClientRule, SheetValues } from '../common/use-sheet';

/**
 * Issue 28, pay above the minimum: the employer's agreed pay of each period of the contract (`contrat.remunerationsAnnuelles`,
 * FILING's `{ ordre, dateDebut, dateFin, taux, typeSalaire }` and the amount when one was typed). The periods and their
 * legal minimum come from the server's salary grid (the rules' own split of the contract's dates), the same query as the
 * grid shown on the contract step; this module keeps the stored periods following them and refuses less than the minimum.
 */

export type GridPeriod = SalaryGridResponse['periodes'][number];

export interface StoredPeriod {
  ordre: string;
  dateDebut: string;
  dateFin: string;
  typeSalaire: 'SMIC' | 'SMC';
  taux?: number;
  montant?: number;
}

export const PAY_PATH: string = 'contrat.remunerationsAnnuelles';
const SALARY_PATH: string = 'contrat.salaireBrutMensuel';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const asDay = (value: unknown) => (typeof value === 'string' && isoDay.test(value) ? value : undefined);
const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The grid's query from the sheet's values: the contract's dates, the SMC, the employer's département (Mayotte). */
export function salaryGridParams(
  contrat: unknown,
  employeur: unknown,
  birthDate: string | undefined,
): SalaryGridParams {
  const postcode = valueAt(employeur, 'adresse.codePostal');
  const smc = valueAt(contrat, 'smc');
  return {
    date: asDay(valueAt(contrat, 'dateDebutContrat')) ?? new Date().toISOString().slice(0, 10),
    dateNaissance: asDay(birthDate),
    dateFinContrat: asDay(valueAt(contrat, 'dateFinContrat')),
    smc: typeof smc === 'number' ? smc : undefined,
    departementEmployeur:
      typeof postcode === 'string' && /^\d{5}$/.test(postcode)
        ? postcode.startsWith('97')
          ? postcode.slice(0, 3)
          : postcode.slice(0, 2)
        : undefined,
  };
}

/** The stored periods as the form holds them (malformed entries read as empty). */
export function storedPeriods(value: unknown): StoredPeriod[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: unknown) => {
    const row = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const taux = asNumber(row['taux']);
    const montant = asNumber(row['montant']);
    return {
      ordre: typeof row['ordre'] === 'string' ? row['ordre'] : '',
      dateDebut: typeof row['dateDebut'] === 'string' ? row['dateDebut'] : '',
      dateFin: typeof row['dateFin'] === 'string' ? row['dateFin'] : '',
      typeSalaire: row['typeSalaire'] === 'SMC' ? 'SMC' : 'SMIC',
      ...(taux === undefined ? {} : { taux }),
      ...(montant === undefined ? {} : { montant }),
    };
  });
}

/** A period paid by an amount: the amount, and the rate it makes of the period's base (the CERFA prints a rate). */
export const byAmount = (period: GridPeriod, montant: number) => ({
  taux: rateOfAmount(montant, period.reference),
  montant,
});

const isLegal = (period: GridPeriod, pay: { taux?: number; montant?: number }) => {
  if (pay.taux === undefined && pay.montant === undefined) return false;
  const agreed = agreedPay(period, { ordre: period.ordre, taux: pay.taux, montant: pay.montant });
  return agreed.taux >= period.taux && agreed.montant >= period.montantMinimum;
};

/**
 * The stored periods following the contract's periods. A period whose dates and base are unchanged keeps what was
 * entered (less than the minimum included: its message says so). One that changed (new dates, a base turned SMC) keeps
 * its rate or amount while that is still legal. A new one pays the legal minimum, except 1.1, which pays the salary at
 * hiring when that is higher (the employer gave it on its first contact: DOMAIN 1.6, the hiring salary is 1.1's amount).
 */
export function followPeriods(
  stored: readonly StoredPeriod[],
  periods: readonly GridPeriod[],
  salary: number | undefined,
): StoredPeriod[] {
  return periods.map((period) => {
    const head = {
      ordre: period.ordre,
      dateDebut: period.dateDebut,
      dateFin: period.dateFin,
      typeSalaire: period.base,
    };
    const previous = stored.find((entry) => entry.ordre === period.ordre);
    const pay = previous
      ? {
          ...(previous.taux === undefined ? {} : { taux: previous.taux }),
          ...(previous.montant === undefined ? {} : { montant: previous.montant }),
        }
      : {};
    if (
      previous &&
      previous.dateDebut === period.dateDebut &&
      previous.dateFin === period.dateFin &&
      previous.typeSalaire === period.base
    )
      return { ...head, ...pay };
    if (previous && isLegal(period, pay)) return { ...head, ...pay };
    if (period.ordre === '1.1' && salary !== undefined && salary > period.montantMinimum)
      return { ...head, ...byAmount(period, salary) };
    return { ...head, taux: period.taux };
  });
}

/** What an entry pays a month, when it says (its amount, or its rate of the base rounded up to the cent). */
export function amountOf(period: GridPeriod, entry: StoredPeriod | undefined): number | undefined {
  if (!entry || (entry.taux === undefined && entry.montant === undefined)) return undefined;
  return agreedPay(period, { ordre: period.ordre, taux: entry.taux, montant: entry.montant }).montant;
}

/**
 * The pay rule of the information sheet, in the browser: each period's rate or amount at least its legal minimum (the
 * contract's `checkAgreedPay`, as the server's send judges it), and the salary at hiring at least 1.1's minimum.
 */
export function payRule(periods: readonly GridPeriod[]): ClientRule {
  return (values) => {
    const issues = checkAgreedPay(periods, chosenPayOf(valueAt(values, PAY_PATH))).map(({ path, code, params }) => ({
      path,
      code,
      ...(params ? { params } : {}),
    }));
    const first = periods[0];
    const salary = asNumber(valueAt(values, SALARY_PATH));
    if (first && salary !== undefined && salary < first.montantMinimum)
      issues.push({
        path: SALARY_PATH,
        code: 'salary.below_minimum',
        params: { minimum: first.montantMinimum, taux: first.taux, base: first.base },
      });
    return issues;
  };
}

/**
 * The employer's information sheet, apprenticeship: loads the contract's periods (the grid's query), keeps the stored
 * periods following them (sent with the sheet's autosave), keeps 1.1 and the salary at hiring equal, and checks the pay
 * with the form. Whatever step is open: the periods go with the sheet even when the contract step is never opened.
 */
export function useAgreedPay(
  form: UseFormReturn<SheetValues>,
  rules: Map<string, ClientRule>,
  birthDate: string | undefined,
  enabled: boolean,
): void {
  const contrat = useWatch({ control: form.control, name: 'contrat' });
  const employeur = useWatch({ control: form.control, name: 'employeur' });
  const isApprenticeship = valueAt(contrat, 'typeContrat') !== 'PRO';
  const params = salaryGridParams(contrat, employeur, birthDate);
  const query = useQuery({
    ...salaryGridQueryOptions(params),
    enabled: enabled && isApprenticeship && Boolean(params.dateNaissance && params.dateFinContrat),
  });
  const periods = enabled && isApprenticeship ? query.data?.periodes : undefined;
  const salary = asNumber(valueAt(contrat, 'salaireBrutMensuel'));

  // The rule follows the periods shown.
  useEffect(() => {
    if (!periods || periods.length === 0) {
      rules.delete('pay');
      return;
    }
    rules.set('pay', payRule(periods));
    return () => void rules.delete('pay');
  }, [rules, periods]);

  // The stored periods follow the contract's.
  const periodsKey = periods ? fingerprint(periods) : '';
  useEffect(() => {
    if (!periods || periods.length === 0) return;
    const current = valueAt(form.getValues(), PAY_PATH);
    const next = followPeriods(storedPeriods(current), periods, asNumber(form.getValues(SALARY_PATH)));
    if (fingerprint(next) !== fingerprint(current ?? [])) form.setValue(PAY_PATH, next, { shouldDirty: true });
    // The periods' content, not the query's object, says when they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [periodsKey, form]);

  // A salary at hiring typed (at least 1.1's minimum) is what 1.1 pays; the first render's value is the stored one.
  const lastSalary = useRef(salary);
  useEffect(() => {
    if (salary === lastSalary.current) return;
    lastSalary.current = salary;
    const first = periods?.[0];
    const entries = storedPeriods(valueAt(form.getValues(), PAY_PATH));
    const index = entries.findIndex((entry) => entry.ordre === '1.1');
    const entry = entries[index];
    if (!first || first.ordre !== '1.1' || !entry || salary === undefined || salary < first.montantMinimum) return;
    if (amountOf(first, entry) === salary) return;
    const path: string = `${PAY_PATH}.${index}`;
    form.setValue(path, { ...entry, ...byAmount(first, salary) }, { shouldDirty: true });
  }, [salary, periods, form]);
}

/**
 * One period's rate or amount entered: the entry then holds the rate (and no amount) or the amount and its rate. The
 * salary at hiring follows 1.1 when 1.1 pays at least its minimum.
 */
export function enterPay(
  form: UseFormReturn<SheetValues>,
  period: GridPeriod,
  index: number,
  pay: { taux?: number; montant?: number },
): void {
  const entry = storedPeriods(valueAt(form.getValues(), PAY_PATH))[index];
  if (!entry) return;
  const head = {
    ordre: entry.ordre,
    dateDebut: entry.dateDebut,
    dateFin: entry.dateFin,
    typeSalaire: entry.typeSalaire,
  };
  const next: StoredPeriod =
    pay.montant !== undefined
      ? { ...head, ...byAmount(period, pay.montant) }
      : { ...head, ...(pay.taux === undefined ? {} : { taux: pay.taux }) };
  const path: string = `${PAY_PATH}.${index}`;
  form.setValue(path, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  const amount = amountOf(period, next);
  if (
    period.ordre === '1.1' &&
    amount !== undefined &&
    isLegal(period, next) &&
    amount !== asNumber(form.getValues(SALARY_PATH))
  )
    form.setValue(SALARY_PATH, amount, { shouldDirty: true });
}
