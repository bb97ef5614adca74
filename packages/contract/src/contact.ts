import { z } from 'zod';

/**
 * How to reach the CFA (issue 9): shown on the error pages, the about page and under every mail. Public, the same
 * for everyone: the office's own address, phone and opening hours, never a person's.
 */
export const cfaContactResponse = z.object({
  email: z.string(),
  phone: z.string(),
  /** Opening hours, written for each language. */
  hours: z.object({ 'fr-FR': z.string(), 'en-US': z.string() }),
});
export type CfaContact = z.infer<typeof cfaContactResponse>;
