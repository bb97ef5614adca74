import type { ErrorBody } from '@passerelle/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { errorSummary } from '../lib/logger.ts';

/** Seconds a client is told to wait when the database is away: about the time limits of a statement and a connection. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function zodErrors(issues: { instancePath?: string; params?: { issue?: { path?: PropertyKey[] } }; message: string }[], part: string) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const fromIssue = issue.params?.issue?.path?.map(String).join('.');
    const fromPointer = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const key = fromIssue || fromPointer || part;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Turns every failure into `{ code, message, errors? }`; a 5xx never carries internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { code: 'INTERNAL', message: 'Internal error' };

    if (error instanceof AppError) {
      status = error.status;
      body = { code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering; try again in a moment' };
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid',
        errors: zodErrors(error.validation as never, error.validationContext ?? 'body'),
      };
    } else if (isResponseSerializationError(error)) {
      const issues = error.cause.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code }));
      request.log.error({ err: { type: error.name, issues }, route: request.routeOptions.url }, 'response did not match its schema');
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413;
      body = { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'RATE_LIMITED', message: 'Too many requests, try again later' };
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
