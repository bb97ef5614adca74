import type { ErrorBody } from '@passerelle/contract';
import { isRuleCode } from '@passerelle/contract/rules/messages';
// The back office's codes (staff actions, formations, accounts) are codes too: registered here for every route.
import '@passerelle/contract/rules/back-office-texts';
import { isValidationTextCode, type TextLanguage } from '@passerelle/contract/rules/validation-texts';
import { localizeIssue, messageLanguage, type IssueLike } from '@passerelle/contract/rules/zod-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseErrorFields, isDatabaseUnavailable } from '../lib/database-errors.ts';
import { AppError } from '../lib/app-error.ts';
import { errorSummary } from '../lib/logger.ts';

/** Seconds a client is told to wait when the database is away: about the time limits of a statement and a connection. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** A 429 that does not know when its limit ends (a count per day, say) still says when to try again: in a minute. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 60;

/**
 * Field → messages. A rule code (`nir.key`) stays a code, which the web app puts into words with its parameters; zod's
 * own checks are described for a person in `language` (rules/zod-messages.ts), never as zod's English with its pattern.
 */
function zodErrors(
  issues: { keyword?: string; instancePath?: string; params?: { issue?: { path?: PropertyKey[] } } & Omit<IssueLike, 'code'>; message: string }[],
  part: string,
  language: TextLanguage,
) {
  // A Map, not an object literal: a field named `valueOf` or `__proto__` (any key a client sends) would find the
  // prototype's member instead of an empty slot.
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const fromIssue = issue.params?.issue?.path?.map(String).join('.');
    const fromPointer = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const key = fromIssue || fromPointer || part;
    const message = isRuleCode(issue.message) || isValidationTextCode(issue.message) ? issue.message : localizeIssue({ ...issue.params, code: issue.keyword ?? 'custom' }, language);
    const messages = errors.get(key);
    if (messages) messages.push(message);
    else errors.set(key, [message]);
  }
  return Object.fromEntries(errors);
}

/**
 * A request part its schema refused: zod's issues, or the forbidden characters (NUL, lone surrogates) that
 * lib/input-text.ts refuses before the schema runs, in the same shape.
 */
function isValidationFailure(error: FastifyError): boolean {
  if (hasZodFastifySchemaValidationErrors(error)) return true;
  return error.code === 'FST_ERR_VALIDATION' && Array.isArray(error.validation) && error.validation.length > 0;
}

/**
 * @fastify/multipart's refusals of a form, whatever status the plugin gives them (406 for a body that is not a form, 413
 * for more parts, files or fields than the route reads): the client sent a malformed form, a 400. A file over its size
 * is not one of them: it stays a 413 (PAYLOAD_TOO_LARGE) below.
 */
const multipartErrorCodes = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);

/** Busboy's own errors have no code, only these words: no boundary, a boundary too long or empty, a body cut short. */
const multipartParserMessages = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty|have a length bigger)/,
  /^Unexpected end of (multipart data|form)$/,
  / terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
];

function isMalformedMultipart(error: FastifyError): boolean {
  if (typeof error.code === 'string' && multipartErrorCodes.has(error.code)) return true;
  const message = error instanceof Error ? error.message : '';
  return multipartParserMessages.some((pattern) => pattern.test(message));
}

/**
 * SQLSTATEs of a value PostgreSQL cannot take as sent: 22021 a character UTF-8 text cannot hold (NUL), 22P05 one jsonb
 * cannot turn into text (\u0000), 22P02 a text that is no value of its type (a lone surrogate's escape in jsonb). Every
 * statement binds its values, so these come from what a request sent and validation let through: a 400, and a warning
 * so that the missing check is found.
 */
const invalidInputSqlStates = new Set(['22021', '22P05', '22P02']);

/**
 * Fastify's own refusals before any route is found (a malformed URL, a path parameter over its length), which skip the
 * error handler: in the same body, rather than Fastify's, which quotes the path back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const body: ErrorBody = status === 500 ? { code: 'INTERNAL', message: 'Internal error' } : { code: 'BAD_REQUEST', message: 'Bad request' };
  void reply.status(status).send(body);
}

/** Turns every failure into `{ code, message, errors? }`; a 5xx never carries internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { code: 'INTERNAL', message: 'Internal error' };

    if (error instanceof AppError) {
      status = error.status;
      body = {
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.errors && error.params ? { params: error.params } : {}),
      };
      // Every 429 tells when to come back (RFC 9110 10.2.3), in whole seconds.
      if (status === 429)
        void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? RATE_LIMIT_RETRY_AFTER_SECONDS))));
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering; try again in a moment' };
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (isValidationFailure(error)) {
      status = 400;
      body = {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid',
        errors: zodErrors(error.validation as never, error.validationContext ?? 'body', messageLanguage(request.headers['accept-language'])),
      };
    } else if (isMalformedMultipart(error)) {
      status = 400;
      body = { code: 'BAD_REQUEST', message: 'The form sent is malformed: no boundary, cut short, or more parts than expected' };
    } else if (invalidInputSqlStates.has(databaseErrorFields(error).dbCode ?? '')) {
      status = 400;
      body = { code: 'BAD_REQUEST', message: 'A value sent cannot be stored' };
      request.log.warn({ err: errorSummary(error), route: request.routeOptions.url }, 'a value the database refused got past validation');
    } else if (isResponseSerializationError(error)) {
      const issues = error.cause.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code }));
      request.log.error({ err: { type: error.name, issues }, route: request.routeOptions.url }, 'response did not match its schema');
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413;
      body = { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: 'Too many requests, try again later' };
      if (!reply.hasHeader('retry-after')) void reply.header('retry-after', String(RATE_LIMIT_RETRY_AFTER_SECONDS));
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message: status === 404 ? 'Not found' : 'Bad request' };
    }

    if (status >= 500) {
      // Codes and names only (see errorSummary): a database error's message quotes every bound value.
      request.log.error({ err: errorSummary(error), route: request.routeOptions.url }, 'request failed');
    }
    void reply.status(status).send(body);
  });
});
