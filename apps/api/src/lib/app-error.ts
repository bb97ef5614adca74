import type { ErrorCode, ErrorParams } from '@passerelle/contract';

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_LINK: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  LOCKED: 409,
  ARCHIVED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 409,
  WORKSHOP_ALREADY_REGISTERED: 409,
  WORKSHOP_FULL: 409,
  WORKSHOP_CLOSED: 409,
  FUNDING_TERMS_MISSING: 409,
  CONTRACT_INCOMPLETE: 409,
  CONTRACT_ALREADY_PREPARED: 409,
  CFA_IDENTITY_INCOMPLETE: 409,
  CERFA_TEMPLATE_INVALID: 503,
  SIGNATURE_UNAVAILABLE: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Plain-English fallback texts; the web app shows its own translation of the code. */
const defaultMessage: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Bad request',
  VALIDATION_FAILED: 'Some fields are invalid',
  UNAUTHORIZED: 'Not identified: use the personal link sent by e-mail',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED: the access token has expired',
  INVALID_LINK: 'This link is unknown, already used or expired',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  GONE: 'Gone',
  CONFLICT: 'Conflict',
  LOCKED: 'This record can no longer be changed',
  ARCHIVED: 'This case has been archived',
  PAYLOAD_TOO_LARGE: 'The file is too large',
  UNSUPPORTED_FILE_TYPE: 'Unsupported file type',
  RATE_LIMITED: 'Too many requests, try again later',
  LIMIT_REACHED: 'A limit set for this account or case is reached',
  WORKSHOP_ALREADY_REGISTERED: 'Already registered for another workshop',
  WORKSHOP_FULL: 'This workshop is full',
  WORKSHOP_CLOSED: 'Registration is closed for this workshop',
  FUNDING_TERMS_MISSING: 'The school has not recorded the funding terms yet: there is nothing to decide on',
  CONTRACT_INCOMPLETE: 'The contract documents list missing or invalid information',
  CONTRACT_ALREADY_PREPARED: 'The contract is prepared already: prepare it again, with a reason',
  CFA_IDENTITY_INCOMPLETE: "The CFA's identity is incomplete: an admin must complete it in the back office's settings",
  CERFA_TEMPLATE_INVALID:
    "The official CERFA form installed for this contract's edition is not pinned or does not fit its field map: the server's administrator must replace or pin it",
  SIGNATURE_UNAVAILABLE: 'The procedure is no longer available, contact the CFA',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  INTERNAL: 'Internal error',
};

/**
 * The one error type services throw; the error handler turns it into `{ code, message, errors? }`, with a `Retry-After`
 * header on a 429 (`retryAfterSeconds`, or a default when the refusal does not know when it ends).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  /** The values the messages of `errors` show (`{date}`), by path then code. */
  readonly params: ErrorParams | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    errors?: Record<string, string[]>,
    options: { retryAfterSeconds?: number; params?: ErrorParams | undefined } = {},
  ) {
    super(message ?? defaultMessage[code]);
    this.code = code;
    this.status = statusOf[code];
    this.errors = errors;
    this.params = options.params;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 429 whose window ends in `retryAfterSeconds` (the rate limit's own count, db/rate-limit.ts). */
export const rateLimited = (retryAfterSeconds: number, message?: string, errors?: Record<string, string[]>) =>
  new AppError('RATE_LIMITED', message, errors, { retryAfterSeconds });

/** A 400 with messages keyed by field path, and the values those messages show when they show some. */
export function validationError(errors: Record<string, string[]>, message?: string, params?: ErrorParams): AppError {
  return new AppError('VALIDATION_FAILED', message, errors, { params });
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const forbidden = () => new AppError('FORBIDDEN');
