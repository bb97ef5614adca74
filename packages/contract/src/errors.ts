import { z } from 'zod';

/** Every error code the API can answer. Each has a French and an English text in the web app. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_LINK',
  'FORBIDDEN',
  'NOT_FOUND',
  'GONE',
  'CONFLICT',
  'LOCKED',
  'ARCHIVED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'RATE_LIMITED',
  'LIMIT_REACHED',
  'WORKSHOP_ALREADY_REGISTERED',
  'WORKSHOP_FULL',
  'WORKSHOP_CLOSED',
  /** A funding decision before the school has recorded the terms it is about. */
  'FUNDING_TERMS_MISSING',
  /** The contract documents list something missing (the details name it): prepared only with staff's override. */
  'CONTRACT_INCOMPLETE',
  /**
   * The first preparation of a contract that is prepared already: preparing it again is another action
   * (`contract-prepared-again`), which says which signatures it cancels and asks why (issue 29).
   */
  'CONTRACT_ALREADY_PREPARED',
  /**
   * Production (DEMO_DATA=false): the CFA's identity lacks its denomination, a valid UAI or a valid SIRET (the details
   * name them); an admin completes it in the back office's settings. Never overridden.
   */
  'CFA_IDENTITY_INCOMPLETE',
  /**
   * The official CERFA form installed for the contract's edition (CERFA_TEMPLATES_DIR) is not pinned or does not fit its
   * field map (`errors.cerfa` lists what differs): the server's administrator replaces or pins it (decision 0044).
   */
  'CERFA_TEMPLATE_INVALID',
  /** The signature procedure expired, was cancelled, superseded, refused or completed (SPEC 8). */
  'SIGNATURE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const errorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCode>;

/** The values a rule's message shows (`{date}`, `{months}`), by field (dotted path), then by the message's code. */
export const errorParams = z.record(
  z.string(),
  z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))),
);
export type ErrorParams = z.infer<typeof errorParams>;

/**
 * The one error body every failure answers with. `errors` maps a field (dotted path) to its messages; `params` gives
 * the values of the messages that show some (a contract rule's `{date}`), so that each is read filled in.
 */
export const errorBody = z.object({
  code: errorCode,
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  params: errorParams.optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
