import { formatRuleMessage, isRuleCode, type RuleMessageLanguage } from '@passerelle/contract/rules/messages';

export const ruleLanguage = (language: string): RuleMessageLanguage => (language.startsWith('en') ? 'en-US' : 'fr-FR');

/**
 * A field message as the person reads it: the server and the contract's own refinements send rule codes
 * (`nir.key`), translated here in the page's language; zod's built-in messages already are.
 */
export function fieldMessage(message: string | undefined, language: string, params?: Record<string, string | number>): string | undefined {
  if (!message) return undefined;
  return isRuleCode(message) ? formatRuleMessage(message, ruleLanguage(language), params) : message;
}
