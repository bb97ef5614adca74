import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

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
    setError(target, { type: 'server', message: messages.join(' ') }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
