import type { RegisterAtelierResponse, Workshop } from '@passerelle/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  countRegistrations,
  deleteRegistration,
  findAtelierWithCounts,
  findRegistrationOf,
  findSchoolAteliers,
  findSchoolIdOfApplicant,
  insertAteliers,
  insertRegistration,
  insertRegistrations,
  lockAtelier,
  type AtelierRow,
  type AtelierWithCounts,
  type NewAtelierRow,
} from './workshops.repo.ts';

/** Workshops take place at the schools, in France: "today" is the Paris calendar day. */
export function parisDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Registration is allowed before the workshop day is over and inside its window (a null bound is no bound). */
export function isRegistrationOpen(
  atelier: Pick<AtelierRow, 'date' | 'registrationOpensAt' | 'registrationClosesAt'>,
  now: Date,
): boolean {
  if (atelier.date < parisDay(now)) return false;
  if (atelier.registrationOpensAt && atelier.registrationOpensAt > now) return false;
  if (atelier.registrationClosesAt && atelier.registrationClosesAt < now) return false;
  return true;
}

function toWire(row: AtelierWithCounts): Workshop {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    startHour: row.startHour.slice(0, 5),
    endHour: row.endHour,
    quota: row.quota,
    nbIns: Number(row.nbIns),
    isInscrit: Boolean(row.isInscrit),
  };
}

/**
 * The upcoming workshops of the applicant's school, soonest first. `canRegister` is one flag for the card
 * (SPEC: the register button is disabled "when registration is not currently allowed"): true when at least
 * one listed workshop's window is open now. The server still checks each workshop's own window on register.
 */
export async function listWorkshopsForApplicant(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ list: Workshop[]; canRegister: boolean }> {
  const schoolId = await findSchoolIdOfApplicant(db, userId);
  if (schoolId === null) return { list: [], canRegister: false };
  const rows = await findSchoolAteliers(db, schoolId, parisDay(now), userId);
  return { list: rows.map(toWire), canRegister: rows.some((row) => isRegistrationOpen(row, now)) };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Registers the applicant to the workshop, or unregisters them when they already are (SPEC: one call toggles).
 * The workshop row is locked for the whole transaction, so concurrent registrations to it count one after the
 * other and never pass the quota; the primary key on user_id refuses a second workshop even when two requests
 * of the same applicant race on two workshops.
 */
export async function toggleRegistration(
  db: Db,
  userId: number,
  atelierId: number,
  now = new Date(),
): Promise<RegisterAtelierResponse> {
  const schoolId = await findSchoolIdOfApplicant(db, userId);
  let registered: boolean;
  try {
    registered = await db.transaction(async (tx: Tx) => {
      const atelier = await lockAtelier(tx, atelierId);
      if (!atelier || atelier.schoolId === null || atelier.schoolId !== schoolId) throw notFound('Workshop not found');
      const current = await findRegistrationOf(tx, userId);
      if (current?.atelierId === atelierId) {
        // Leaving frees a place, so it stays possible after the window closes, until the workshop day.
        if (atelier.date < parisDay(now)) throw new AppError('WORKSHOP_CLOSED');
        await deleteRegistration(tx, userId, atelierId);
        return false;
      }
      if (current) throw new AppError('WORKSHOP_ALREADY_REGISTERED');
      if (!isRegistrationOpen(atelier, now)) throw new AppError('WORKSHOP_CLOSED');
      if ((await countRegistrations(tx, atelierId)) >= atelier.quota) throw new AppError('WORKSHOP_FULL');
      await insertRegistration(tx, userId, atelierId);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('WORKSHOP_ALREADY_REGISTERED');
    throw err;
  }
  const after = await findAtelierWithCounts(db, atelierId, userId);
  if (!after) throw notFound('Workshop not found');
  return { registered, workshop: toWire(after) };
}

/** Creates workshops (demo data, tests, back office). */
export async function createWorkshops(db: Db, rows: NewAtelierRow[]): Promise<AtelierRow[]> {
  return insertAteliers(db, rows);
}

/** Registers the given applicants to a workshop without the checks (demo data); one already registered elsewhere is skipped. */
export async function fillWorkshop(db: Db, atelierId: number, userIds: number[]): Promise<void> {
  await insertRegistrations(
    db,
    userIds.map((userId) => ({ userId, atelierId })),
  );
}
