import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './app-error.ts';

/**
 * What a route reads of a form: busboy's limits, through @fastify/multipart (registered once, in app.ts), given by each
 * route for its own form. More parts, files or text fields than these is a malformed form (400, plugins/errors.ts).
 */
export interface FormLimits {
  /** Bytes of one file. A file over it is cut and flagged `truncated`, not thrown: the service refuses it under its field. */
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  /** Bytes of one text field (busboy's default, 1 MB, otherwise). */
  fieldSize?: number;
}

/** A file part as received; `truncated` when it went over the size limit and was cut. */
export interface ReceivedFile {
  /** The form field it came in: where a refusal is shown. */
  field: string;
  filename: string | undefined;
  bytes: Uint8Array;
  truncated: boolean;
}

export interface ReceivedForm {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/**
 * The one reader of `request.parts()`: every file's bytes and every text field of a multipart form, within the route's
 * limits. The checks that follow (size, type read from the bytes, antivirus, budgets: db/upload-guard.ts) are the
 * services', in their order, once they know who is asking. `skipEmptyFiles` drops what a browser sends for a file input
 * left empty (no name, no bytes).
 */
export async function readForm(request: FastifyRequest, limits: FormLimits, options: { skipEmptyFiles?: boolean } = {}): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'A multipart/form-data body is expected');
  const form: ReceivedForm = { files: [], fields: {} };
  // Files over the limit are flagged, not thrown: throwFileSizeLimit is false where the plugin is registered.
  for await (const part of request.parts({ limits })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (options.skipEmptyFiles && bytes.byteLength === 0 && !part.filename) continue;
      form.files.push({ field: part.fieldname, filename: part.filename, bytes, truncated: part.file.truncated });
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

/** The first file sent in the form's `file` field, if any (the single-file uploads); other parts are read and dropped. */
export async function readFileField(request: FastifyRequest, limits: FormLimits): Promise<ReceivedFile | undefined> {
  return (await readForm(request, limits)).files.find((file) => file.field === 'file');
}

/**
 * The bytes of a multipart request's `file` part (the CSV imports). A request that is no form or lacks the part, or
 * whose file is over `limits.fileSize`, is refused with the caller's words for a person, under the `file` field.
 */
export async function readFilePart(
  request: FastifyRequest,
  limits: FormLimits,
  messages: { missing: string; tooLarge: string },
): Promise<Uint8Array> {
  if (!request.isMultipart()) throw validationError({ file: [messages.missing] }, messages.missing);
  const file = await readFileField(request, limits);
  if (!file) throw validationError({ file: [messages.missing] }, messages.missing);
  if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge, { file: [messages.tooLarge] });
  return file.bytes;
}
