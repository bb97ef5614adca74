/**
 * What the API may know of a database failure. Drizzle wraps the driver's error in a DrizzleQueryError whose message
 * and `params` quote every bound value (names, birth dates, addresses), and PostgreSQL's `detail` quotes the offending
 * key: neither ever reaches a log line or an answer. Only codes and names are read here.
 */

/** Socket errors of a server down, restarting or unreachable. */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve now: 57014 a statement cancelled by statement_timeout, 57P01-57P03 a server
 * shutting down or starting, 53300 no connection slot left, 25P03 a transaction left idle too long; class 08, a lost
 * connection.
 */
const unavailableSqlStates = new Set(['57014', '57P01', '57P02', '57P03', '53300', '25P03']);

/** node-postgres says these in words only: a server that stopped answering, a pool that could not connect, a lost socket. */
const unavailableMessages = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** The error, then its causes (Drizzle's wrapper, the driver's error). */
function chain(error: unknown): object[] {
  const found: object[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && found.length < 5 && !found.includes(current)) {
    found.push(current);
    current = 'cause' in current ? current.cause : undefined;
  }
  return found;
}

function stringField(value: object, key: string): string | undefined {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** True when the database is down, frozen or overloaded: the request may succeed later (503), it is not a bug (500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((link) => {
    const code = stringField(link, 'code');
    if (code && (unavailableSocketCodes.has(code) || unavailableSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    const message = link instanceof Error ? link.message : '';
    return unavailableMessages.some((words) => message.startsWith(words));
  });
}

/**
 * "insert into sheets", "select from users": which statement failed, from the SQL text's keywords and first table,
 * never its values (Drizzle binds them, and this reads identifiers only).
 */
export function statementName(sqlText: string): string | undefined {
  const write = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert\s+into|update|delete\s+from)\s+"?([\w.]+)"?/i.exec(sqlText);
  if (write?.[1] && write[2]) return `${write[1].toLowerCase().replace(/\s+/, ' ')} ${write[2]}`;
  const read = /^\s*(select|with)\b[\s\S]*?\bfrom\s+"?([\w.]+)"?/i.exec(sqlText);
  if (read?.[2]) return `select from ${read[2]}`;
  return /^\s*([a-z]+)/i.exec(sqlText)?.[1]?.toLowerCase();
}

export interface DatabaseErrorFields {
  /** SQLSTATE (23505, 57014...) or socket code (ECONNREFUSED). */
  dbCode?: string;
  /** The constraint a write broke: a name from the schema, never the values. */
  constraint?: string;
  statement?: string;
}

/** The loggable fields of a database error anywhere in the error's causes; empty for any other error. */
export function databaseErrorFields(error: unknown): DatabaseErrorFields {
  const fields: DatabaseErrorFields = {};
  for (const link of chain(error)) {
    const query = stringField(link, 'query');
    if (query && !fields.statement) {
      const name = statementName(query);
      if (name) fields.statement = name;
    }
    const code = stringField(link, 'code');
    if (code && !fields.dbCode && (/^[0-9A-Z]{5}$/.test(code) || unavailableSocketCodes.has(code))) fields.dbCode = code;
    const constraint = stringField(link, 'constraint');
    if (constraint && !fields.constraint) fields.constraint = constraint;
  }
  return fields;
}
