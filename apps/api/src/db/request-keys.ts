import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../lib/app-error.ts';
import type { Db, Tx } from './client.ts';
import { requestKeys } from './schema/index.ts';

/**
 * Idempotent state changes (issue 27): a client sends an `Idempotency-Key` header (a UUID per action of a person: the
 * web app makes one when the action's button is offered, and keeps it until the action succeeds), and the answer of the
 * change is stored in the change's own transaction under (user, key, method and path). The same request again (a double
 * click, a retry after a lost answer) gets that answer without acting again; the same key from another user or on
 * another route is another request. dossiers.service.ts `withDossier` applies it to a case's locked transitions.
 */
export interface RequestKey {
  userId: number;
  key: string;
  route: string;
  fingerprint: string;
}

export const REQUEST_KEY_HEADER = 'idempotency-key';
/** Answers are kept this long: a retry comes within seconds, a page left open with its action unanswered within hours. */
const KEPT_HOURS = 24;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * This request's key, when its client sent one (undefined otherwise: the change runs as it always did). A header that is
 * not a UUID is refused (400), so that a client's mistake does not pass for a request without a key.
 */
export function requestKeyOf(request: FastifyRequest, userId: number): RequestKey | undefined {
  const header = request.headers[REQUEST_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !uuidPattern.test(header))
    throw validationError({ 'Idempotency-Key': ['value.format'] }, 'The Idempotency-Key header must be a UUID');
  const path = request.url.split('?', 1)[0] ?? request.url;
  return {
    userId,
    key: header.toLowerCase(),
    route: `${request.method} ${path}`,
    fingerprint: createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex'),
  };
}

/**
 * The answer already given to this request, if any. Read under the lock that serialises the change (the dossier's row),
 * so that a second request waiting for the first finds its answer once it is committed. The same key sent with another
 * body is a client's mistake: 409, rather than the answer to a request it did not send.
 */
export async function answerOf<T>(db: Db | Tx, key: RequestKey): Promise<T | undefined> {
  const [row] = await db
    .select({ fingerprint: requestKeys.fingerprint, answer: requestKeys.answer })
    .from(requestKeys)
    .where(and(eq(requestKeys.userId, key.userId), eq(requestKeys.key, key.key), eq(requestKeys.route, key.route)));
  if (!row) return undefined;
  if (row.fingerprint !== key.fingerprint)
    throw new AppError('CONFLICT', 'This Idempotency-Key was sent before with another request', {
      'Idempotency-Key': ['value.invalid'],
    });
  return row.answer as T;
}

/** Stores the change's answer (JSON: what the route sends), in the change's transaction. */
export async function rememberAnswer(tx: Tx, key: RequestKey, answer: unknown): Promise<void> {
  await tx.insert(requestKeys).values({ ...key, answer });
}

/** The answers older than a day (hourly, modules/jobs). */
export async function purgeRequestKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(requestKeys)
    .where(lt(requestKeys.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`))
    .returning({ key: requestKeys.key });
  return rows.length;
}
