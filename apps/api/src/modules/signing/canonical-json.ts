import { createHash } from 'node:crypto';

/** A JSON value the canonical form accepts: what jsonb stores and gives back unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * One text for one value, whatever the order its keys were written in: object keys sorted (by UTF-16 code units, as
 * RFC 8785, the JSON Canonicalization Scheme, does), no white space, numbers and strings as JSON.stringify writes them,
 * object members that are undefined left out (as JSON.stringify and jsonb do). Refuses what would not survive a round
 * trip through jsonb unchanged: non-finite numbers, integers past 2^53, NUL characters, functions, and anything that is
 * not a plain object, array or primitive (a Date: give its ISO text).
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, at: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${at}: not a finite number`);
      if (Number.isInteger(value) && !Number.isSafeInteger(value))
        throw new TypeError(`${at}: integer too large for JSON`);
      return JSON.stringify(value);
    case 'string':
      if (value.includes('\u0000')) throw new TypeError(`${at}: NUL character`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item, i) => write(item, `${at}[${i}]`)).join(',')}]`;
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new TypeError(`${at}: not a plain object`);
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, `${at}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`${at}: ${typeof value} is not JSON`);
  }
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
