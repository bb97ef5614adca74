import { fileTypeFromBuffer } from 'file-type';

/**
 * The document types the portal accepts anywhere, by the name file-type gives them, with the MIME type and extension a
 * file of that type is stored under. Each upload then allows some of them (its MIME types).
 */
const acceptedTypes = {
  pdf: { mime: 'application/pdf', extension: '.pdf' },
  png: { mime: 'image/png', extension: '.png' },
  jpg: { mime: 'image/jpeg', extension: '.jpg' },
  // Any OLE2 compound file, the container of Word 97-2003 documents: file-type names no finer type for it.
  cfb: { mime: 'application/msword', extension: '.doc' },
  // A ZIP whose parts are Word's (file-type reads its entries): an .xlsx, a .docm or a plain archive is not one.
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: '.docx' },
} as const;

/** A document type we accept, recognised from its content. */
export type DetectedFileType = (typeof acceptedTypes)[keyof typeof acceptedTypes];

const isAccepted = (ext: string): ext is keyof typeof acceptedTypes => Object.hasOwn(acceptedTypes, ext);

/**
 * The type of a document from its content, by file-type. The name and the type the browser declares are chosen by the
 * sender and prove nothing, so they are never consulted. Null when the content is none of the accepted types.
 */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFileType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !isAccepted(found.ext)) return null;
  // file-type calls "%PDF" alone a PDF; readers need the version that follows it ("%PDF-1.7").
  if (found.ext === 'pdf' && bytes[4] !== 0x2d) return null;
  return acceptedTypes[found.ext];
}

/**
 * Whether a file's name ends with one of `extensions` (".pdf"). The name proves nothing about the content; it tells
 * which refusal to give: a wrong extension gets SPEC's wrong-type message, a right one over other content is told the
 * content is not what the name says.
 */
export function hasExtension(filename: string | undefined, extensions: readonly string[]): boolean {
  const name = (filename ?? '').trim().toLowerCase();
  return extensions.some((extension) => name.endsWith(extension.toLowerCase()));
}
