import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { surveyAnswers } from '../../db/schema/index.ts';

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

