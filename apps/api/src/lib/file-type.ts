/** A document type we accept, recognised from its first bytes. */
export interface DetectedFileType {
  mime: 'application/pdf' | 'image/png' | 'image/jpeg';
  /** The extension a file of this type is saved under. */
  extension: '.pdf' | '.png' | '.jpg';
}

const signatures: { bytes: number[]; type: DetectedFileType }[] = [
  // "%PDF-"
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { mime: 'application/pdf', extension: '.pdf' } },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mime: 'image/png', extension: '.png' } },
  { bytes: [0xff, 0xd8, 0xff], type: { mime: 'image/jpeg', extension: '.jpg' } },
];

/**
 * The type of a document from its magic bytes. The name and the type the browser declares are chosen by the
 * sender and prove nothing, so they are never consulted. Null when the content is none of the accepted types.
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  for (const { bytes: signature, type } of signatures) {
    if (bytes.byteLength >= signature.length && signature.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
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
