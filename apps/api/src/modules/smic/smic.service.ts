import {
  buildApprenticeshipPeriods,
  defaultSmicTable,
  professionalisationGridTable,
  salaryGridTable,
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
  };
}

/** The dated SMIC table; seeded with the known values on first use, then staff keep it up to date. */
export async function findSmicRows(db: Db): Promise<repo.SmicRow[]> {
  const rows = await repo.findSmicRows(db);
  if (rows.length > 0) return rows;
  await repo.insertSmicRows(
    db,
    defaultSmicTable.map((rate) => ({
      validFrom: rate.validFrom,
      monthly: rate.monthly,
      hourly: rate.hourly,
      mayotteMonthly: rate.mayotte?.monthly ?? null,
      mayotteHourly: rate.mayotte?.hourly ?? null,
    })),
    false,
  );
  return repo.findSmicRows(db);
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
