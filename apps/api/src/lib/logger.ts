import type { FastifyRequest } from 'fastify';
import { databaseErrorFields, type DatabaseErrorFields } from './database-errors.ts';

/** What a log line may say of an error: its class, its codes, the failed statement's name, and where in the code. */
export interface ErrorSummary extends DatabaseErrorFields {
  type: string;
  code?: string;
  frames?: string[];
}

/**
 * An error's loggable part. Never its message: a database error's message quotes the bound values (Drizzle's
 * "Failed query: ... params: ..."), a JSON parse error quotes the body, a driver's `detail` quotes the offending key.
 * The stack keeps its frames only, for the same reason (its first lines repeat the message).
 */
export function errorSummary(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { type: typeof error };
  const summary: ErrorSummary = { type: error.constructor.name === 'Error' ? error.name : error.constructor.name };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') summary.code = code;
  Object.assign(summary, databaseErrorFields(error));
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  if (frames?.length) summary.frames = frames.slice(0, 12);
  return summary;
}

/**
 * Request log fields: method, path without its query string (personal links carry a token there),
 * and the request id. Headers, cookies and bodies are never logged.
 */
export const requestSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, path: request.url.split('?')[0], id: request.id };
  },
  /** Any Error logged as `err` (by Fastify itself too) goes through the summary; plain objects are ours, already safe. */
  err(value: unknown) {
    return value instanceof Error ? errorSummary(value) : value;
  },
};

export function loggerOptions(level: string) {
  return {
    level,
    serializers: requestSerializers as never,
    redact: { paths: ['req.headers', 'headers', 'authorization', 'cookie', 'token', 't', 'email', 'nir', 'SIGNING_P12_PASSWORD'], remove: true },
  };
}
