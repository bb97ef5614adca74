import type {
  RegisterAtelierResponse,
  StaffWorkshop,
  Workshop,
  WorkshopBody,
  WorkshopRegistrant,
} from '@passerelle/contract';
import { formatValidationText } from '@passerelle/contract/rules/validation-texts';
import type { Language } from '@passerelle/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { mailLanguageOf } from '../users/users.service.ts';
import { renderWorkshopCancelled } from './workshops-mails.ts';
import {
  countRegistrations,
  deleteAtelier,
  deleteRegistration,
  findAtelierWithCounts,
  findRegistrantMailTargets,
  findRegistrants,
  findStaffAtelier,
  findStaffAteliers,
  findRegistrationOf,
  findSchoolAteliers,
  findSchoolIdOfApplicant,
  insertAteliers,
  insertRegistration,
  insertRegistrations,
  lockAtelier,
  schoolExists,
  updateAtelier,
  type AtelierRow,
  type AtelierWithCounts,
  type NewAtelierRow,
  type StaffAtelierRow,
} from './workshops.repo.ts';
import { parisDay } from '../../lib/paris-time.ts';

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

// ---------- Back office (issue 12) ----------

function toStaffWire(row: StaffAtelierRow): StaffWorkshop {
  return {
    id: row.id,
    school: row.school,
    title: row.title,
    date: row.date,
    startHour: row.startHour.slice(0, 5),
    endHour: row.endHour.slice(0, 5),
    quota: row.quota,
    registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
    registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
    registered: row.registered,
  };
}

function atelierRow(body: WorkshopBody): Omit<NewAtelierRow, 'id'> {
  return {
    schoolId: body.schoolId,
    title: body.title,
    date: body.date,
    startHour: body.startHour,
    endHour: body.endHour,
    quota: body.quota,
    registrationOpensAt: body.registrationOpensAt ? new Date(body.registrationOpensAt) : null,
    registrationClosesAt: body.registrationClosesAt ? new Date(body.registrationClosesAt) : null,
  };
}

async function checkSchool(db: Db | Tx, schoolId: number): Promise<void> {
  if (!(await schoolExists(db, schoolId))) throw validationError({ schoolId: ['formations.school_unknown'] });
}

async function staffWorkshopOr404(db: Db | Tx, id: number): Promise<StaffWorkshop> {
  const row = await findStaffAtelier(db, id);
  if (!row) throw notFound('No such workshop');
  return toStaffWire(row);
}

/** GET /staff/workshops: every workshop, the latest day first. */
export async function findStaffWorkshops(db: Db): Promise<StaffWorkshop[]> {
  return (await findStaffAteliers(db)).map(toStaffWire);
}

/** POST /staff/workshops. */
export async function createStaffWorkshop(db: Db, body: WorkshopBody): Promise<StaffWorkshop> {
  await checkSchool(db, body.schoolId);
  const [created] = await insertAteliers(db, [atelierRow(body)]);
  if (!created) throw new Error('Workshop not inserted');
  return staffWorkshopOr404(db, created.id);
}

/**
 * PUT /staff/workshops/:id. The workshop row is locked as a registration locks it (toggleRegistration), so a quota
 * lowered while applicants register is compared with the count once their registrations are in, and never ends below.
 */
export async function updateStaffWorkshop(
  db: Db,
  id: number,
  body: WorkshopBody,
  lang: Language,
): Promise<StaffWorkshop> {
  return db.transaction(async (tx: Tx) => {
    if (!(await lockAtelier(tx, id))) throw notFound('No such workshop');
    await checkSchool(tx, body.schoolId);
    const registered = await countRegistrations(tx, id);
    if (body.quota < registered) {
      const message = formatValidationText('workshops.quota_below_registered', lang, { count: registered });
      throw validationError({ quota: [message] }, message);
    }
    await updateAtelier(tx, id, atelierRow(body));
    return staffWorkshopOr404(tx, id);
  });
}

/**
 * DELETE /staff/workshops/:id: the screen asks for confirmation when people are registered; the workshop goes with its
 * registrations, and each registrant is sent a cancellation mail in their language, queued in the same transaction.
 */
export async function deleteStaffWorkshop(
  db: Db,
  sender: Pick<Config, 'MAIL_FROM'>,
  id: number,
): Promise<{ cancelledRegistrations: number }> {
  return db.transaction(async (tx: Tx) => {
    const atelier = await lockAtelier(tx, id);
    if (!atelier) throw notFound('No such workshop');
    const targets = await findRegistrantMailTargets(tx, id);
    const upcoming = atelier.date >= parisDay(new Date());
    // A workshop already held is only tidied away: nobody is told it is cancelled.
    if (upcoming) {
      for (const target of targets) {
        const content = renderWorkshopCancelled(mailLanguageOf(target), {
          prenom: target.prenom,
          title: atelier.title,
          date: atelier.date,
          startHour: atelier.startHour.slice(0, 5),
          endHour: atelier.endHour.slice(0, 5),
        });
        await enqueueMail(tx, { to: target.email, ...content }, sender);
      }
    }
    await deleteAtelier(tx, id);
    return { cancelledRegistrations: targets.length };
  });
}

/** GET /staff/workshops/:id/registrants. */
export async function listRegistrants(db: Db, workshopId: number): Promise<WorkshopRegistrant[]> {
  if (!(await findStaffAtelier(db, workshopId))) throw notFound('No such workshop');
  const rows = await findRegistrants(db, workshopId);
  return rows.map((r) => ({
    id: r.userId,
    nom: r.nom,
    prenom: r.prenom,
    email: r.email,
    formation: r.formation,
    registeredAt: r.registeredAt.toISOString(),
  }));
}
