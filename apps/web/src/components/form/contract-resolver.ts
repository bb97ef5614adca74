import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { displayMessage, messageLanguage, zodErrorMap } from '@passerelle/contract/rules/zod-messages';
import type { TextLanguage } from '@passerelle/contract/rules/validation-texts';
import { i18n } from '../../lib/i18n';

type Schema<Input extends FieldValues, Output> = z.ZodType<Output, Input>;

/** Every message of react-hook-form's nested errors (`apprenti.nir`, list items) put into words in `language`. */
function inWords(errors: Record<string, unknown>, language: TextLanguage): void {
  for (const [key, error] of Object.entries(errors)) {
    // `ref` is the field's element, never an error.
    if (key === 'ref' || error === null || typeof error !== 'object') continue;
    const node = error as Record<string, unknown>;
    if (typeof node['message'] === 'string') node['message'] = displayMessage(node['message'], language);
    inWords(node, language);
  }
}

/**
 * The form's resolver for a contract schema (the API's own, or a `.pick`/`.extend` of it): `zodResolver` with the
 * contract's error map, in the page's language at each check, so that a person reads what to type, never zod's
 * wording. The schemas' own messages are codes (`field.required`, `offers.link_not_https`), put into words here.
 *
 * A screen that opens before any check (the visitor home's sign-in form) passes a function importing the schema:
 * zod then downloads with the first check rather than with the screen.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: Schema<Input, Output> | (() => Promise<Schema<Input, Output>>),
): Resolver<Input, unknown, Output> {
  let loading: Promise<Schema<Input, Output>> | undefined;
  const load = () => (typeof schema === 'function' ? (loading ??= schema()) : Promise.resolve(schema));
  return async (values, context, options) => {
    const language = messageLanguage(i18n.language);
    const result = await zodResolver(await load(), { error: zodErrorMap(language) })(values, context, options);
    inWords(result.errors, language);
    return result;
  };
}
