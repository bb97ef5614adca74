import { uploadRules, type UploadField } from '@passerelle/contract/portal-rules';

export type FileProblem = { kind: 'type'; extensions: string } | { kind: 'size'; maxMegabytes: number };

/**
 * The browser's check before sending (SPEC section 5); the server checks the bytes again. A file passes when its
 * extension is allowed and its declared type, when the browser knows one, is too.
 */
export function checkFile(field: UploadField, file: File): FileProblem | null {
  const rules = uploadRules[field];
  const name = file.name.toLowerCase();
  const hasExtension = rules.extensions.some((extension) => name.endsWith(extension));
  const hasType = file.type === '' || rules.mimeTypes.includes(file.type);
  if (!hasExtension || !hasType) return { kind: 'type', extensions: rules.extensions.join(', ') };
  if (file.size > rules.maxBytes) return { kind: 'size', maxMegabytes: Math.round(rules.maxBytes / 1024 / 1024) };
  return null;
}

export const acceptOf = (field: UploadField) => [...uploadRules[field].extensions, ...uploadRules[field].mimeTypes].join(',');
