import type { Db } from './client.ts';

/**
 * A query of every request (the session check, the user's own row), built by Drizzle once per database instead of on
 * each call, and, on PostgreSQL, parsed and planned once per connection: `build` ends with `.prepare(name)`, whose
 * name becomes the connection's prepared statement (PGlite ignores it). The values come as `sql.placeholder`s at
 * `execute`. Only for a database handle, not a transaction's: a statement prepared on the pool runs outside it.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const byDatabase = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
