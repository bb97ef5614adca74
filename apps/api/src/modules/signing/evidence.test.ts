import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { signatureEvents } from '../../db/schema/index.ts';
import {
  appendSignatureEvent,
  chainHead,
  eventRowHash,
  GENESIS_HASH,
  listSignatureEvents,
  verifyChain,
} from './signing.service.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

/** The database error's own message (Drizzle wraps it in "Failed query: ..."). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return `${(err as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('expected a failure');
}

describe('signature audit chain', () => {
  it('links each event to the one before and verifies from the first', async () => {
    const db = database.db;
    const first = await appendSignatureEvent(db, {
      dossierId: 101,
      procedureId: '00000000-0000-4000-8000-000000000001',
      type: 'procedure.created',
      payload: {
        signers: ['employer', 'apprentice', 'school'],
        documents: [{ kind: 'cerfa', sha256: 'a'.repeat(64) }],
      },
    });
    expect(first.prevHash).toBe(GENESIS_HASH);
    const second = await appendSignatureEvent(db, {
      dossierId: 101,
      type: 'consent.given',
      payload: {
        role: 'employer',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
        consentVersion: '2026-11',
        nested: { z: 1, a: 2 },
      },
    });
    expect(second.prevHash).toBe(first.rowHash);
    // Another dossier has its own chain.
    const other = await appendSignatureEvent(db, { dossierId: 102, type: 'procedure.created', payload: {} });
    expect(other.prevHash).toBe(GENESIS_HASH);

    // The stored rows hash as computed (the jsonb round trip reorders keys; the canonical form does not care).
    const stored = await listSignatureEvents(db, 101);
    expect(stored.map((e) => e.rowHash)).toEqual([first.rowHash, second.rowHash]);
    expect(eventRowHash(stored[1]!.prevHash, stored[1]!)).toBe(second.rowHash);
    expect(await verifyChain(db, 101)).toEqual({ ok: true, count: 2, headHash: second.rowHash });
    expect(await chainHead(db, 101)).toEqual({ hash: second.rowHash, count: 2 });
    expect(await verifyChain(db, 999)).toEqual({ ok: true, count: 0, headHash: GENESIS_HASH });
  });

  it('refuses UPDATE, DELETE and TRUNCATE (trigger)', async () => {
    const db = database.db;
    await appendSignatureEvent(db, { dossierId: 201, type: 'code.sent', payload: { role: 'employer' } });
    expect(
      await failure(db.update(signatureEvents).set({ type: 'forged' }).where(eq(signatureEvents.dossierId, 201))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await failure(db.delete(signatureEvents).where(eq(signatureEvents.dossierId, 201)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await failure(db.execute(sql`truncate signature_events`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await verifyChain(db, 201)).toMatchObject({ ok: true, count: 1 });
  });

  it('detects a row altered behind the trigger (an owner disabling it), and a row removed', async () => {
    const db = database.db;
    const events = [];
    for (let i = 0; i < 4; i += 1)
      events.push(await appendSignatureEvent(db, { dossierId: 301, type: 'step', payload: { i } }));
    // Only the table's owner or a superuser can do this: the trigger guards against the application, the chain against
    // anyone who bypasses it.
    await db.execute(sql`alter table signature_events disable trigger signature_events_no_update_delete`);
    try {
      await db
        .update(signatureEvents)
        .set({ payload: { i: 99 } })
        .where(eq(signatureEvents.id, events[2]!.id));
      expect(await verifyChain(db, 301)).toEqual({
        ok: false,
        count: 2,
        broken: { id: events[2]!.id, reason: 'row_hash' },
      });
      // Recomputing that row's hash does not help: the next row still points at the old one.
      const forged = eventRowHash(events[2]!.prevHash, { ...events[2]!, payload: { i: 99 } });
      await db.update(signatureEvents).set({ rowHash: forged }).where(eq(signatureEvents.id, events[2]!.id));
      expect(await verifyChain(db, 301)).toEqual({
        ok: false,
        count: 3,
        broken: { id: events[3]!.id, reason: 'prev_hash' },
      });
      // A row removed from the middle breaks the link of the one after it.
      await appendSignatureEvent(db, { dossierId: 302, type: 'a', payload: {} });
      const middle = await appendSignatureEvent(db, { dossierId: 302, type: 'b', payload: {} });
      const last = await appendSignatureEvent(db, { dossierId: 302, type: 'c', payload: {} });
      await db.delete(signatureEvents).where(eq(signatureEvents.id, middle.id));
      expect(await verifyChain(db, 302)).toEqual({ ok: false, count: 1, broken: { id: last.id, reason: 'prev_hash' } });
    } finally {
      await db.execute(sql`alter table signature_events enable trigger signature_events_no_update_delete`);
    }
    expect(await failure(db.delete(signatureEvents).where(eq(signatureEvents.dossierId, 302)))).toMatch(/append-only/);
  });

  it('keeps one chain when appends run at the same time', async () => {
    const db = database.db;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendSignatureEvent(db, { dossierId: 401, type: 'concurrent', payload: { i } }),
      ),
    );
    expect(new Set(results.map((e) => e.prevHash)).size).toBe(20);
    const verification = await verifyChain(db, 401);
    expect(verification).toMatchObject({ ok: true, count: 20 });
    // Inside callers' own transactions too: the lock is held until each commits.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        db.transaction(async (tx) => {
          await appendSignatureEvent(tx, { dossierId: 401, type: 'in-transaction', payload: { i } });
          await appendSignatureEvent(tx, { dossierId: 401, type: 'in-transaction-2', payload: { i } });
        }),
      ),
    );
    expect(await verifyChain(db, 401)).toMatchObject({ ok: true, count: 30 });
  });

  it('refuses a second row from the same head even without the lock (unique index)', async () => {
    const db = database.db;
    const head = await appendSignatureEvent(db, { dossierId: 501, type: 'a', payload: {} });
    const at = new Date();
    const row = { dossierId: 501, procedureId: null, type: 'fork', payload: { n: 1 }, at };
    await db
      .insert(signatureEvents)
      .values({ ...row, prevHash: head.rowHash, rowHash: eventRowHash(head.rowHash, row) });
    const fork = { ...row, payload: { n: 2 } };
    expect(
      await failure(
        db
          .insert(signatureEvents)
          .values({ ...fork, prevHash: head.rowHash, rowHash: eventRowHash(head.rowHash, fork) }),
      ),
    ).toMatch(/signature_events_chain_idx|duplicate key/);
  });

  it('refuses a payload the chain could not hash back', async () => {
    await expect(
      appendSignatureEvent(database.db, { dossierId: 601, type: 'bad', payload: { at: new Date() as never } }),
    ).rejects.toThrow(TypeError);
  });
});
