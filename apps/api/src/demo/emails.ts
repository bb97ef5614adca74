/**
 * The demo accounts' addresses, apart from accounts.ts: the dossiers name their people by these keys, and the accounts'
 * labels are drawn from the dossiers (one file each way would be an import cycle).
 */
export const DEMO_EMAIL_DOMAIN = 'demo.passerelle.test';

const at = (local: string) => `${local}@${DEMO_EMAIL_DOMAIN}`;

/** Keys used by the demo loader to attach data to an account without repeating addresses. */
export const demoEmails = {
  camille: at('camille.martin'),
  lucas: at('lucas.bernard'),
  ines: at('ines.petit'),
  hugo: at('hugo.durand'),
  lea: at('lea.moreau'),
  emma: at('emma.laurent'),
  noah: at('noah.simon'),
  chloe: at('chloe.michel'),
  jules: at('jules.lefebvre'),
  sarah: at('sarah.leroy'),
  olivia: at('olivia.smith'),
  nathan: at('nathan.garcia'),
  claire: at('claire.dubois'),
  marc: at('marc.lambert'),
  staff: at('sophie.roux'),
  admin: at('admin'),
} as const;
export type DemoKey = keyof typeof demoEmails;
