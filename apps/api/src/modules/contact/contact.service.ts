import type { CfaContact } from '@passerelle/contract';
import type { Config } from '../../config.ts';

/** How to reach the CFA, from the configuration (CFA_CONTACT_*). */
export function cfaContactOf(
  config: Pick<Config, 'CFA_CONTACT_EMAIL' | 'CFA_CONTACT_PHONE' | 'CFA_CONTACT_HOURS' | 'CFA_CONTACT_HOURS_EN'>,
): CfaContact {
  return {
    email: config.CFA_CONTACT_EMAIL,
    phone: config.CFA_CONTACT_PHONE,
    hours: { 'fr-FR': config.CFA_CONTACT_HOURS, 'en-US': config.CFA_CONTACT_HOURS_EN },
  };
}
