import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionState } from './session-cache.ts';

/** A sessions table in memory that counts its reads, and a clock the test moves. */
function setUp(ttlMs = 2000, maxEntries?: number) {
  const table = new Map<string, SessionState>();
  const reads: string[] = [];
  let failNext = false;
  let now = 0;
  const cache = createSessionCache({
    find: async (id) => {
      reads.push(id);
      if (failNext) {
        failNext = false;
        throw new Error('database away');
      }
      return table.get(id);
    },
    ttlMs,
    now: () => now,
    ...(maxEntries ? { maxEntries } : {}),
  });
  return {
    cache,
    table,
    reads,
    failOnce: () => (failNext = true),
    advance: (ms: number) => (now += ms),
  };
}

describe('the session cache', () => {
  it('answers the owner of a live session, and nothing for an ended or unknown one', async () => {
    const { cache, table } = setUp();
    table.set('live', { userId: 7, userType: 'staff', revokedAt: null });
    table.set('ended', { userId: 7, userType: 'staff', revokedAt: new Date() });
    expect((await cache.liveSession('live'))?.userId).toBe(7);
    expect(await cache.liveSession('ended')).toBeUndefined();
    expect(await cache.liveSession('unknown')).toBeUndefined();
  });

  it('reads a session once per ttl, requests arriving together included, and again once the ttl is over', async () => {
    const { cache, table, reads, advance } = setUp(2000);
    table.set('s', { userId: 1, userType: 'staff', revokedAt: null });
    expect(
      (await Promise.all([cache.liveSession('s'), cache.liveSession('s'), cache.liveSession('s')])).map((s) => s?.userId),
    ).toEqual([1, 1, 1]);
    expect(reads).toEqual(['s']);

    table.set('s', { userId: 1, userType: 'staff', revokedAt: new Date() });
    advance(1999);
    expect((await cache.liveSession('s'))?.userId).toBe(1);
    expect(reads).toHaveLength(1);
    advance(1);
    expect(await cache.liveSession('s')).toBeUndefined();
    expect(reads).toHaveLength(2);
  });

  it('reads the database again at once for a session it was told to forget', async () => {
    const { cache, table, reads } = setUp();
    table.set('s', { userId: 1, userType: 'staff', revokedAt: null });
    expect((await cache.liveSession('s'))?.userId).toBe(1);
    table.set('s', { userId: 1, userType: 'staff', revokedAt: new Date() });
    cache.forget('s');
    expect(await cache.liveSession('s')).toBeUndefined();
    expect(reads).toHaveLength(2);
  });

  it('keeps no failed read: the next request asks the database again', async () => {
    const { cache, table, reads, failOnce } = setUp();
    table.set('s', { userId: 1, userType: 'staff', revokedAt: null });
    failOnce();
    await expect(cache.liveSession('s')).rejects.toThrow('database away');
    expect((await cache.liveSession('s'))?.userId).toBe(1);
    expect(reads).toHaveLength(2);
  });

  it('reads on every request with a ttl of 0', async () => {
    const { cache, table, reads } = setUp(0);
    table.set('s', { userId: 1, userType: 'staff', revokedAt: null });
    await cache.liveSession('s');
    await cache.liveSession('s');
    expect(reads).toHaveLength(2);
  });

  it('holds at most maxEntries sessions, dropping the oldest', async () => {
    const { cache, table, reads } = setUp(2000, 2);
    for (const id of ['a', 'b', 'c']) table.set(id, { userId: 1, userType: 'staff', revokedAt: null });
    await cache.liveSession('a');
    await cache.liveSession('b');
    await cache.liveSession('c');
    expect(reads).toEqual(['a', 'b', 'c']);
    await cache.liveSession('c');
    await cache.liveSession('a');
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
