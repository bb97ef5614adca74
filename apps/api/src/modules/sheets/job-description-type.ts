/** A job description type we accept (SPEC 5: .pdf, .doc or .docx), recognised from the bytes. */
export interface JobDescriptionType {
  mime:
    | 'application/pdf'
    | 'application/msword'
    | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  extension: '.pdf' | '.doc' | '.docx';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.byteLength >= signature.length && signature.every((b, i) => bytes[i] === b);

/** "%PDF-" */
const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** OLE2 compound file, the container of Word 97-2003 documents. */
const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** "PK\x03\x04", a ZIP local file header. */
const zip = [0x50, 0x4b, 0x03, 0x04];
const wordMainPart = new TextEncoder().encode('word/document.xml');

/** ZIP entry names are stored uncompressed in the local and central headers, so a byte search finds them. */
function containsSequence(bytes: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  outer: for (
    let i = bytes.indexOf(first ?? 0);
    i !== -1 && i <= bytes.byteLength - needle.byteLength;
    i = bytes.indexOf(first ?? 0, i + 1)
  ) {
    for (let j = 1; j < needle.byteLength; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The type of a job description from its content; the name and the declared type are the sender's
 * and prove nothing. A ZIP counts as .docx only when it holds Word's main part (an .xlsx or a plain
 * archive does not). Null for anything else.
 */
export function detectJobDescriptionType(bytes: Uint8Array): JobDescriptionType | null {
  if (startsWith(bytes, pdf)) return { mime: 'application/pdf', extension: '.pdf' };
  if (startsWith(bytes, ole2)) return { mime: 'application/msword', extension: '.doc' };
  if (startsWith(bytes, zip) && containsSequence(bytes, wordMainPart)) {
    return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: '.docx' };
  }
  return null;
}
