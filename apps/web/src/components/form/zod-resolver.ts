import i18next from 'i18next';
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { displayMessage, messageLanguage, zodErrorMap } from '@passerelle/contract/rules/zod-messages';

/**
 * react-hook-form resolver for a contract schema: the form validates with the very schema the API uses (STYLE,
 * validation layer 2). Errors are nested by path (`apprenti.nir`), first message per field.
 */
export function zodResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    // zod's own checks and the contract's rule codes, in words for a person, in the page's language.
    const language = messageLanguage(i18next.language);
    const result = await schema.safeParseAsync(values, { error: zodErrorMap(language) });
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path, { type: issue.code, message: displayMessage(issue.message, language, issue.code === 'custom' ? issue.params : undefined) });
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}
