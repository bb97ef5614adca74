import {
  buildApprenticeshipPeriods,
  isSmicStale,
  SMIC_STALE_AFTER_MONTHS,
  type SmicFreshnessResponse,
  professionalisationGridTable,
  salaryGridTable,
  shippedSmicTable,
  smicAt,
  type SalaryGridResponse,
  type SmicRate,
} from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as repo from './smic.repo.ts';

/**
 * The SMIC references (the dated minimum wage, Mayotte's apart) and the minimum salary grid drawn from them: staff keep
 * the table (staff module), the sheets and the contract documents read it.
 */

function toSmicRate(row: repo.SmicRow): SmicRate {
  return {
    validFrom: row.validFrom,
    monthly: row.monthly,
    hourly: row.hourly,
    ...(row.mayotteMonthly !== null && row.mayotteHourly !== null
      ? { mayotte: { monthly: row.mayotteMonthly, hourly: row.mayotteHourly } }
      : {}),
    ...(row.source ? { source: row.source } : {}),
  };
}

const seeded = new WeakMap<Db, Promise<void>>();

/**
 * The shipped values (the contract's `shippedSmicTable`, each with its source) a database lacks, added once per
 * process: a new install gets them all, an older one the values shipped since (2026-01-01 with issue 28). A date staff
 * already set keeps their value.
 */
function seedShippedValues(db: Db): Promise<void> {
  let seeding = seeded.get(db);
  if (!seeding) {
    seeding = repo.insertSmicRows(
      db,
      shippedSmicTable.map((rate) => ({
        validFrom: rate.validFrom,
        monthly: rate.monthly,
        hourly: rate.hourly,
        mayotteMonthly: rate.mayotte?.monthly ?? null,
        mayotteHourly: rate.mayotte?.hourly ?? null,
        source: rate.source ?? null,
      })),
      false,
    );
    seeded.set(db, seeding);
    seeding.catch(() => seeded.delete(db));
  }
  return seeding;
}

/** The dated SMIC table: the shipped values, then those staff add. */
export async function findSmicRows(db: Db): Promise<repo.SmicRow[]> {
  await seedShippedValues(db);
  return repo.findSmicRows(db);
}

/** Whether the latest value is more than 12 months before `today` (yyyy-mm-dd, Paris): the back office then warns. */
export async function smicFreshness(db: Db, today: string): Promise<SmicFreshnessResponse> {
  const rows = await findSmicRows(db);
  const latest = rows.reduce<string | null>((max, row) => (max === null || row.validFrom > max ? row.validFrom : max), null);
  return { latestValidFrom: latest, stale: isSmicStale(latest, today), staleAfterMonths: SMIC_STALE_AFTER_MONTHS };
}

export async function findSmicTable(db: Db): Promise<SmicRate[]> {
  return (await findSmicRows(db)).map(toSmicRate);
}

/** Adds a dated value, or corrects the one of that date. Logged in the audit trail (no dossier). */
export async function saveSmicRate(db: Db, user: AuthUser, rate: SmicRate): Promise<void> {
  await findSmicRows(db);
  await db.transaction(async (tx) => {
    await repo.insertSmicRows(
      tx,
      [
        {
          validFrom: rate.validFrom,
          monthly: rate.monthly,
          hourly: rate.hourly,
          mayotteMonthly: rate.mayotte?.monthly ?? null,
          mayotteHourly: rate.mayotte?.hourly ?? null,
          source: rate.source ?? null,
          updatedBy: user.id,
          updatedAt: new Date(),
        },
      ],
      true,
    );
    await repo.insertAudit(tx, { dossierId: null, actorUserId: user.id, action: 'smic.saved', details: { ...rate } });
  });
}

export interface SalaryGridQuery {
  date: string;
  dateNaissance?: string | undefined;
  dateFinContrat?: string | undefined;
  smc?: number | undefined;
  departementEmployeur?: string | undefined;
}

/** GET /sheets/salary-grid: the minimum salary tables on the SMIC in force on `date`, and the contract's periods when known. */
export async function getSalaryGrid(db: Db, query: SalaryGridQuery): Promise<SalaryGridResponse> {
  const table = await findSmicTable(db);
  const smic = smicAt(table, query.date) ?? null;
  const monthly = smic
    ? query.departementEmployeur === '976' && smic.mayotte
      ? smic.mayotte.monthly
      : smic.monthly
    : null;
  const periods =
    query.dateNaissance && query.dateFinContrat
      ? buildApprenticeshipPeriods({
          dateNaissance: query.dateNaissance,
          dateDebutContrat: query.date,
          dateFinContrat: query.dateFinContrat,
          smicTable: table,
          smc: query.smc ?? null,
          departementEmployeur: query.departementEmployeur ?? null,
        })
      : [];
  return {
    smic,
    apprentissage: monthly === null ? null : salaryGridTable(monthly),
    professionnalisation: monthly === null ? null : professionalisationGridTable(monthly),
    periodes: periods.map((p) => ({
      ordre: p.ordre,
      dateDebut: p.dateDebut,
      dateFin: p.dateFin,
      age: p.age,
      taux: p.taux,
      base: p.base,
      reference: p.reference,
      montantMinimum: p.montantMinimum,
    })),
  };
}
