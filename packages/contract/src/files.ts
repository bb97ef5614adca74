import { z } from 'zod';

/** Bytes sent as they are (a Buffer): never serialized, described as binary. */
export const binary = z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/**
 * The response of a file download, for `schema.response`: `mediaType` may be a range (`application/octet-stream` for
 * any type). Fastify (per media type) and the OpenAPI transform both read this shape.
 */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: binary } } };
}

/** A file field of a multipart form (`schema.openapi.multipart`), described as binary. */
export function formFile(description: string) {
  return z.file().describe(description);
}
