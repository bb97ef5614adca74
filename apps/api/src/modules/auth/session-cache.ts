import type { UserType } from '@passerelle/contract';

/** What the database says of a session and of its owner now (auth.repo.ts findSession). */
export interface SessionState {
  userId: number;
  /** The owner's type as the users table holds it: a role changed counts from the next read, whatever the token says. */
  userType: UserType;
  revokedAt: Date | null;
}

/** A session still open: whose it is, and the type of account they have now. */
export interface LiveSession {
  userId: number;
  userType: UserType;
}

/**
 * The session check of every authenticated request (plugins/auth.ts). Each API process keeps the answer for a session
 * `ttlMs` milliseconds, then reads the database again: a session ended by any process (logout, a stolen refresh token,
 * an account closed) is refused by all of them within that delay, with no message passing between them, and so is a role
 * changed (the owner's type is read with the session, never taken from the token). The process that ends a session
 * forgets it at once.
 */
export interface SessionCache {
  /** The owner of the session and their type while it is live; undefined once it ended, or when it never existed. */
  liveSession(sessionId: string): Promise<LiveSession | undefined>;
  /** Drops what this process knows of the session: its next request reads the database. */
  forget(sessionId: string): void;
}

export interface SessionCacheOptions {
  find: (sessionId: string) => Promise<SessionState | undefined>;
  /** 0: every request reads the database. */
  ttlMs: number;
  /** Milliseconds, only compared with each other; a monotonic clock by default (tests move their own). */
  now?: () => number;
  /** Past this many sessions, expired answers are dropped, then the oldest. */
  maxEntries?: number;
}

interface Entry {
  until: number;
  owner: Promise<LiveSession | undefined>;
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const { find, ttlMs, now = () => performance.now(), maxEntries = 10_000 } = options;
  const entries = new Map<string, Entry>();

  const makeRoom = (at: number) => {
    for (const [id, entry] of entries) if (entry.until <= at) entries.delete(id);
    // Still full: the oldest go first (a Map keeps insertion order).
    for (const id of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(id);
    }
  };

  return {
    liveSession(sessionId) {
      const at = now();
      const cached = entries.get(sessionId);
      if (cached && cached.until > at) return cached.owner;
      // Requests arriving together share one read; the delay counts from the read's start, so an answer is never
      // older than ttlMs plus the time of one read.
      const owner = find(sessionId).then((s) =>
        s && !s.revokedAt ? { userId: s.userId, userType: s.userType } : undefined,
      );
      if (ttlMs > 0) {
        entries.delete(sessionId);
        if (entries.size >= maxEntries) makeRoom(at);
        entries.set(sessionId, { until: at + ttlMs, owner });
        // A failed read (database away) is not kept: the next request tries again.
        owner.catch(() => {
          if (entries.get(sessionId)?.owner === owner) entries.delete(sessionId);
        });
      }
      return owner;
    },
    forget(sessionId) {
      entries.delete(sessionId);
    },
  };
}
