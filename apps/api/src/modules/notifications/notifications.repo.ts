import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { readTogether, type Db, type Tx } from '../../db/client.ts';
import {
  admissibles,
  auditLog,
  companyUsers,
  dossierSteps,
  dossiers,
  files,
  jobMarks,
  users,
} from '../../db/schema/index.ts';

type Conn = Db | Tx;

export interface Person {
  id: number;
  email: string;
  lang: string;
}

const personColumns = { id: users.id, email: users.email, lang: users.lang };

/** Statuses where a case still moves (SPEC 4): not refused (6), signed (8, 10, 11), archived (9), breaking or broken. */
export const movingStatuts = [1, 2, 3, 4, 5, 7] as const;

export async function findPerson(db: Conn, userId: number): Promise<Person | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function findAccountName(db: Conn, userId: number): Promise<string> {
  const [row] = await db.select({ prenom: users.prenom, nom: users.nom }).from(users).where(eq(users.id, userId));
  return `${row?.prenom ?? ''} ${row?.nom ?? ''}`.trim();
}

export async function findCompanyPeople(db: Conn, companyId: number): Promise<Person[]> {
  return db
    .select(personColumns)
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(users.id));
}

/** The contact the applicant's first contact invited (audit `employer.invited`, the latest one). */
export async function findInvitedContact(db: Conn, dossierId: number): Promise<Person | undefined> {
  const [entry] = await db
    .select({ userId: sql<string | null>`${auditLog.details} ->> 'userId'` })
    .from(auditLog)
    .where(and(eq(auditLog.dossierId, dossierId), eq(auditLog.action, 'employer.invited')))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const userId = Number(entry?.userId);
  return Number.isInteger(userId) && userId > 0 ? findPerson(db, userId) : undefined;
}

export async function findStaffPeople(db: Conn): Promise<Person[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(inArray(users.userType, ['staff', 'admin']))
    .orderBy(asc(users.id));
}

/** Marks a job's piece of work done; false when it already was (another run, another process). */
export async function insertJobMark(tx: Conn, job: string, key: string): Promise<boolean> {
  const rows = await tx.insert(jobMarks).values({ job, key }).onConflictDoNothing().returning({ key: jobMarks.key });
  return rows.length > 0;
}

export type WaitingStep = 'f1ce' | 'fra' | 'fre';

/**
 * The moving cases whose step is to do (1 or 5) since longer than `days`. The step opened (or was sent back) at the
 * latest audit entry that set it to 1 or 5 (every transition records the steps it changed); a case without one (demo
 * data, older rows) counts from the time it has waited on the same party.
 */
export async function findStepsWaitingSince(db: Conn, step: WaitingStep, days: number) {
  const openedAt = sql`coalesce((select max(a.at) from audit_log a where a.dossier_id = ${dossiers.id} and a.details -> 'steps' ->> ${step} in ('1', '5')), ${dossiers.waitingSince})`;
  return db
    .select({
      id: dossiers.id,
      admissibleUserId: dossiers.admissibleUserId,
      companyId: dossiers.companyId,
      openedAt: sql<Date>`${openedAt}`.mapWith(dossiers.waitingSince),
    })
    .from(dossiers)
    .innerJoin(dossierSteps, and(eq(dossierSteps.dossierId, dossiers.id), eq(dossierSteps.type, step)))
    .where(
      and(
        inArray(dossierSteps.status, [1, 5]),
        inArray(dossiers.dossierStatut, [...movingStatuts]),
        sql`${openedAt} < now() - make_interval(days => ${days})`,
      ),
    )
    .orderBy(asc(dossiers.id));
}

/** Moving cases in this status whose step has this value: what waits for the school at each of its stages. */
export async function countCasesAt(db: Conn, statut: number, step: string, status: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dossiers)
    .innerJoin(dossierSteps, and(eq(dossierSteps.dossierId, dossiers.id), eq(dossierSteps.type, step)))
    .where(and(eq(dossiers.dossierStatut, statut), eq(dossierSteps.status, status)));
  return row?.n ?? 0;
}

/**
 * Applicant documents (CVEC certificate, baccalaureate attestation) to check: uploaded, not valid, of an applicant with
 * a moving case, and not reviewed since the upload (audit `document.validated` or `document.rejected`, the document in
 * `details.kind`: staff actions).
 */
export async function countDocumentsToCheck(db: Conn): Promise<number> {
  const toCheck = (fileColumn: AnyPgColumn, validColumn: AnyPgColumn, kind: string) =>
    db
      .select({ n: count() })
      .from(admissibles)
      .innerJoin(files, eq(files.id, fileColumn))
      .where(
        and(
          eq(validColumn, false),
          sql`exists (select 1 from dossiers d where d.admissible_user_id = ${admissibles.userId} and d.dossier_statut in (1, 2, 3, 4, 5, 7))`,
          sql`not exists (select 1 from audit_log l join dossiers d on d.id = l.dossier_id where d.admissible_user_id = ${admissibles.userId} and l.action in ('document.validated', 'document.rejected') and l.details ->> 'kind' = ${kind} and l.at >= ${files.createdAt})`,
        ),
      );
  const [[cvec], [bac]] = await readTogether(db, [
    () => toCheck(admissibles.cvecFileId, admissibles.cvecValid, 'cvec'),
    () => toCheck(admissibles.attestationBacFileId, admissibles.attestationBacValid, 'attestationBac'),
  ]);
  return (cvec?.n ?? 0) + (bac?.n ?? 0);
}
