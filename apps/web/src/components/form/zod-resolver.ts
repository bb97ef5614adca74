import i18next from 'i18next';
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { en as zodEn, fr as zodFr } from 'zod/locales';

/** zod's own messages (required, too short, invalid e-mail) follow the page's language. Loaded with the forms only. */
function applyZodLanguage(language: string) {
  z.config(language.startsWith('en') ? zodEn() : zodFr());
}
applyZodLanguage(i18next.language || 'fr-FR');
i18next.on('languageChanged', applyZodLanguage);

/**
 * react-hook-form resolver for a contract schema: the form validates with the very schema the API uses (STYLE,
 * validation layer 2). Errors are nested by path (`apprenti.nir`), first message per field.
 */
export function zodResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}
