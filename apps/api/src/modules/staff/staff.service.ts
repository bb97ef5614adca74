import type { DossierStateResponse, DossierTerms, SmicRate } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { getDossierForUser } from '../dossiers/dossiers.service.ts';
import type { DossierState } from '../sheets/dossier-machine.ts';
import { findSmicRows, recordDossierEvent, recordTermsEvent, saveSmicRate, type SheetsDeps } from '../sheets/sheets.service.ts';
import { upsertTermsOf } from './staff.repo.ts';

function toResponse(id: number, state: DossierState): DossierStateResponse {
  return {
    id,
    dossierStatut: state.statut,
    etapeStatus: Object.entries(state.steps).map(([type, status]) => ({ type, status })),
  };
}

/** Accepts the first contact (the terms come next) or refuses the dossier, with the reason kept in the audit trail. */
export async function decideFirstContact(
  db: Db,
  user: AuthUser,
  dossierId: number,
  decision: 'accept' | 'refuse',
  reason: string | undefined,
): Promise<DossierStateResponse> {
  await getDossierForUser(db, user, dossierId);
  const state = await db.transaction((tx) =>
    recordDossierEvent(tx, dossierId, user.id, { type: 'firstContactDecided', decision }, reason ? { reason } : {}),
  );
  return toResponse(dossierId, state);
}

/** Records (or, until the employer answers on funding, corrects) the terms set by the employer-relations service. */
export async function recordTerms(
  deps: Pick<SheetsDeps, 'db' | 'config'>,
  user: AuthUser,
  dossierId: number,
  terms: DossierTerms,
): Promise<DossierStateResponse> {
  const { db } = deps;
  await getDossierForUser(db, user, dossierId);
  const state = await db.transaction(async (tx) => {
    const next = await recordTermsEvent(tx, deps.config, dossierId, user.id);
    await upsertTermsOf(tx, dossierId, terms, user.id);
    return next;
  });
  return toResponse(dossierId, state);
}

/** The CFA has prepared the contract from the sent information sheet: the signatures open. */
export async function markContractPrepared(db: Db, user: AuthUser, dossierId: number): Promise<DossierStateResponse> {
  await getDossierForUser(db, user, dossierId);
  const state = await db.transaction((tx) => recordDossierEvent(tx, dossierId, user.id, { type: 'contractPrepared' }));
  return toResponse(dossierId, state);
}

export async function findSmicTableRows(db: Db) {
  const rows = await findSmicRows(db);
  return rows.map((row) => ({
    validFrom: row.validFrom,
    monthly: row.monthly,
    hourly: row.hourly,
    ...(row.mayotteMonthly !== null && row.mayotteHourly !== null
      ? { mayotte: { monthly: row.mayotteMonthly, hourly: row.mayotteHourly } }
      : {}),
    updatedAt: row.updatedBy === null ? null : row.updatedAt.toISOString(),
  }));
}

export async function addSmicRate(db: Db, user: AuthUser, rate: SmicRate) {
  await saveSmicRate(db, user, rate);
  return findSmicTableRows(db);
}
