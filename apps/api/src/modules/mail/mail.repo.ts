import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;
export type NewOutboxMail = Pick<
  typeof mailOutbox.$inferInsert,
  'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'messageId' | 'sealedSecret'
>;

export async function insertMail(db: Db | Tx, mail: NewOutboxMail): Promise<OutboxMail> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  if (!row) throw new Error('mail not queued');
  return row;
}

/**
 * Takes the next mail that is due (pending and due, or `sending` whose lock ran out because the process sending it
 * died) and locks it for `lockSeconds`, the time of one send. SKIP LOCKED lets several API processes claim at once
 * without ever claiming the same mail; the attempt is counted at claim time so that a crash mid-send still counts.
 */
export async function claimDueMail(db: Db, lockSeconds: number): Promise<OutboxMail | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [mail] = await db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return mail;
}

export async function markMailDelivered(
  db: Db,
  id: number,
  status: 'sent' | 'printed',
  messageId: string | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    // A sealed secret (mail-secret.ts) is needed no more once sent: erased with the sending.
    .set({
      status,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      sealedSecret: null,
      ...(messageId ? { messageId } : {}),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** Puts the mail back in the queue for a later attempt, or gives up (status failed). */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  outcome: { giveUp: boolean; retryInSeconds: number; error: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.giveUp ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInSeconds})`,
      lockedUntil: null,
      lastError: outcome.error,
      ...(outcome.giveUp ? { sealedSecret: null } : {}),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}
