import { formatValidationText, isValidationTextCode } from '@passerelle/contract/rules/validation-texts';
import { i18n } from '../../lib/i18n';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * The server's messages for one field as the person reads them: the codes of the checks every form makes
 * (`text.forbidden_character`, sent for a character no field may hold; `date.in_future`) in the page's language, other
 * texts as sent. The small table of validation texts, not the rule catalogue: simple forms (sign-in, tracking) load
 * only that; the sheets put the rules' own codes into words themselves.
 */
export function serverFieldMessage(messages: readonly string[], language: string | undefined = i18n.language): string {
  const textLanguage = language?.startsWith('en') ? 'en-US' : 'fr-FR';
  return messages.map((message) => (isValidationTextCode(message) ? formatValidationText(message, textLanguage) : message)).join(' ');
}

/**
 * Puts the server's `errors` map (field → messages) under the matching inputs. Returns true when at least one field
 * got a message, so the caller shows a general message only for the rest.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const target = fields.find((name) => name === field);
    const message = messages[0];
    if (!target || !message) continue;
    setError(target, { type: 'server', message: serverFieldMessage(messages) }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
