import { z } from 'zod';

/** Bytes sent as they are (a Buffer): never serialized, described as binary. */
export const binary = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });

/**
 * A file field of a multipart form (`multipartBody` in routes/define.ts), described as binary in the OpenAPI document:
 * every route declares its file fields with it. `description` says what the field takes (types, size).
 */
export function formFile(description: string) {
  return z.file().describe(description);
}
