import { i18n } from '../../lib/i18n';
import { set, type FieldErrors, type FieldValues, type Resolver } from './use-form';
import { checkFormat, type Format } from '@passerelle/contract/forms/format';
import { displayMessage, messageLanguage } from '@passerelle/contract/rules/zod-messages';

/**
 * The form's resolver for a contract schema, through its format table (`@passerelle/contract/forms/formats`): the
 * form checks what the API's schema checks, with the same messages, without loading zod
 * (docs/decisions/0028-client-validation-without-zod.md). Errors are nested by path (`apprenti.nir`), first message per
 * field, in the page's language.
 */
export function formatResolver<Input extends FieldValues, Output>(format: Format): Resolver<Input, unknown, Output> {
  return (values) => {
    const language = messageLanguage(i18n.language);
    const result = checkFormat(format, values, language);
    if ('data' in result) return { values: result.data as Output, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.issues)
      set(errors, issue.path, { type: 'validation', message: displayMessage(issue.message, language, issue.params) });
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
