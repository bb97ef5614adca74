import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dossiers, surveyAnswers, surveyInvitations, users } from '../../db/schema/index.ts';

type Conn = Db | Tx;

export type SurveyAnswerRow = typeof surveyAnswers.$inferSelect;

export async function findAnswer(
  db: Conn,
  dossierId: number,
  etape: string,
  userId: number,
): Promise<SurveyAnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyAnswers)
    .where(
      and(eq(surveyAnswers.dossierId, dossierId), eq(surveyAnswers.etape, etape), eq(surveyAnswers.userId, userId)),
    );
  return row;
}

/**
 * One row per dossier, step and person: the page's answers merge into what earlier pages saved (an answer set to null is
 * removed); the page saved is the furthest reached; page 3 completes it (once: the first completion time is kept).
 */
export async function upsertAnswer(
  db: Conn,
  row: { dossierId: number; etape: string; userId: number; respondent: 'admissible' | 'company'; page: number },
  set: Record<string, number | string>,
  cleared: string[],
  complete: boolean,
): Promise<SurveyAnswerRow> {
  const now = new Date();
  const setJson = JSON.stringify(set);
  const [saved] = await db
    .insert(surveyAnswers)
    .values({ ...row, answers: set, completedAt: complete ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: [surveyAnswers.dossierId, surveyAnswers.etape, surveyAnswers.userId],
      set: {
        answers: sql`(${surveyAnswers.answers}${sql.join(
          cleared.map((id) => sql` - ${id}::text`),
          sql``,
        )}) || ${setJson}::jsonb`,
        page: sql`greatest(${surveyAnswers.page}, ${row.page})`,
        updatedAt: now,
        completedAt: complete
          ? sql`coalesce(${surveyAnswers.completedAt}, ${now.toISOString()}::timestamptz)`
          : surveyAnswers.completedAt,
      },
    })
    .returning();
  if (!saved) throw new Error('survey answer not saved');
  return saved;
}

/** A step's answers after `afterId`, in id order, `limit` at a time (the export reads them page by page). */
export async function findAnswersOfStep(db: Conn, etape: string, afterId = 0, limit = 500): Promise<SurveyAnswerRow[]> {
  return db
    .select()
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.etape, etape), gt(surveyAnswers.id, afterId)))
    .orderBy(asc(surveyAnswers.id))
    .limit(limit);
}

export type SurveyInvitationRow = typeof surveyInvitations.$inferSelect;

export async function findInvitation(
  db: Conn,
  dossierId: number,
  etape: string,
): Promise<SurveyInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(surveyInvitations)
    .where(and(eq(surveyInvitations.dossierId, dossierId), eq(surveyInvitations.etape, etape)));
  return row;
}

export async function findInvitationsOfCase(db: Conn, dossierId: number): Promise<SurveyInvitationRow[]> {
  return db.select().from(surveyInvitations).where(eq(surveyInvitations.dossierId, dossierId));
}

/** The step was sent to the case: the row is created, or its last sending and count move on (a reminder). */
export async function recordInvitation(
  db: Conn,
  row: { dossierId: number; etape: string; sentBy: number | null },
): Promise<SurveyInvitationRow> {
  const now = new Date();
  const [saved] = await db
    .insert(surveyInvitations)
    .values({ ...row, firstSentAt: now, lastSentAt: now, timesSent: 1 })
    .onConflictDoUpdate({
      target: [surveyInvitations.dossierId, surveyInvitations.etape],
      set: { lastSentAt: now, timesSent: sql`${surveyInvitations.timesSent} + 1`, sentBy: row.sentBy },
    })
    .returning();
  if (!saved) throw new Error('survey invitation not saved');
  return saved;
}

/** The step's row for a case not sent it yet; undefined when it already was (a concurrent send got there first). */
export async function claimInvitation(
  db: Conn,
  row: { dossierId: number; etape: string; sentBy: number | null },
): Promise<SurveyInvitationRow | undefined> {
  const [saved] = await db.insert(surveyInvitations).values(row).onConflictDoNothing().returning();
  return saved;
}

/** Who answered a case's surveys: per step and person, the account name, the page reached and the completion. */
export async function findCaseRespondents(db: Conn, dossierId: number) {
  return db
    .select({
      etape: surveyAnswers.etape,
      respondent: surveyAnswers.respondent,
      prenom: users.prenom,
      nom: users.nom,
      page: surveyAnswers.page,
      completedAt: surveyAnswers.completedAt,
    })
    .from(surveyAnswers)
    .innerJoin(users, eq(users.id, surveyAnswers.userId))
    .where(eq(surveyAnswers.dossierId, dossierId))
    .orderBy(asc(surveyAnswers.createdAt), asc(surveyAnswers.id));
}

export type InvitableCase = { id: number; admissibleUserId: number; companyId: number | null };

/**
 * Signed cases after `afterId`, in id order, `limit` at a time: those not sent `etape` yet when `onlyNew`, all of them
 * otherwise (the bulk send reads them batch by batch).
 */
export async function findInvitableCases(
  db: Conn,
  statuts: readonly number[],
  etape: string,
  onlyNew: boolean,
  afterId: number,
  limit: number,
): Promise<InvitableCase[]> {
  const query = db
    .select({ id: dossiers.id, admissibleUserId: dossiers.admissibleUserId, companyId: dossiers.companyId })
    .from(dossiers)
    .leftJoin(surveyInvitations, and(eq(surveyInvitations.dossierId, dossiers.id), eq(surveyInvitations.etape, etape)))
    .where(
      and(
        inArray(dossiers.dossierStatut, [...statuts]),
        gt(dossiers.id, afterId),
        onlyNew ? isNull(surveyInvitations.id) : undefined,
      ),
    )
    .orderBy(asc(dossiers.id))
    .limit(limit);
  return query;
}

/** Signed cases, and how many of them were sent `etape`. */
export async function countInvitedCases(
  db: Conn,
  statuts: readonly number[],
  etape: string,
): Promise<{ signedCases: number; sentCases: number }> {
  const [row] = await db
    .select({ signedCases: count(dossiers.id), sentCases: count(surveyInvitations.id) })
    .from(dossiers)
    .leftJoin(surveyInvitations, and(eq(surveyInvitations.dossierId, dossiers.id), eq(surveyInvitations.etape, etape)))
    .where(inArray(dossiers.dossierStatut, [...statuts]));
  return { signedCases: row?.signedCases ?? 0, sentCases: row?.sentCases ?? 0 };
}
