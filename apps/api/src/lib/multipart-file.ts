import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './app-error.ts';

/**
 * The bytes of a multipart request's `file` part (the CSV imports). Other parts are read and dropped; a request without
 * the part, or with a file over the multipart plugin's `fileSize` limit, is refused with the caller's words for a person,
 * under the `file` field.
 */
export async function readFilePart(
  request: FastifyRequest,
  messages: { missing: string; tooLarge: string },
): Promise<Uint8Array> {
  if (!request.isMultipart()) throw validationError({ file: [messages.missing] }, messages.missing);
  let found: Uint8Array | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (part.fieldname !== 'file' || found) continue;
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge, { file: [messages.tooLarge] });
    found = bytes;
  }
  if (!found) throw validationError({ file: [messages.missing] }, messages.missing);
  return found;
}
