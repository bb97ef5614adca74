import type { ReviewableDocument, SignerRole, StaffAction } from '@passerelle/contract';

/**
 * What a person can ask of the case page: an action of the API (`allowedActions`), split where one action has two
 * buttons (accept or refuse a first contact, validate or reject a document).
 */
export type CaseIntent =
  | 'accept'
  | 'refuse'
  | 'modalites'
  | 'return'
  | 'missions-complement'
  | 'contract-prepared'
  | 'contract-prepared-again'
  | 'signed'
  | 'filed'
  | 'registered'
  | 'archive'
  | 'reopen'
  | 'breaking'
  | 'broken'
  | 'validate'
  | 'reject'
  | 'confirm-scan'
  | 'reject-scan';

export interface OpenIntent {
  intent: CaseIntent;
  /** The certificate a review is about. */
  document?: ReviewableDocument;
  /** The signer whose paper scan is checked. */
  role?: SignerRole;
}

/** The path segment an intent posts to: a case action, or the check of a paper signature's scan. */
export type CaseActionPath = StaffAction | 'manual-signature';

export function actionOf(intent: CaseIntent): CaseActionPath {
  switch (intent) {
    case 'confirm-scan':
    case 'reject-scan':
      return 'manual-signature';
    case 'accept':
    case 'refuse':
      return 'first-contact';
    case 'validate':
    case 'reject':
      return 'document-review';
    default:
      return intent;
  }
}

/** The next steps of a case, the one that moves it on first: shown as the prominent buttons. */
export const forwardIntents: readonly CaseIntent[] = [
  'accept',
  'modalites',
  'contract-prepared',
  'signed',
  'filed',
  'registered',
  'reopen',
];
/** Sending work back to a party: the case does not move on. */
export const returnIntents: readonly CaseIntent[] = ['return', 'missions-complement', 'contract-prepared-again'];
/** What ends or stops a case: kept apart, in red. */
export const closingIntents: readonly CaseIntent[] = ['refuse', 'archive', 'breaking', 'broken'];

/** Preparing again cancels the signatures collected: said in red, like what ends a case. */
export const isDestructive = (intent: CaseIntent) =>
  closingIntents.includes(intent) || intent === 'reject' || intent === 'reject-scan' || intent === 'contract-prepared-again';

/** The intents the actions panel offers for the actions the case allows (document reviews sit beside the documents). */
export function offeredIntents(allowed: readonly StaffAction[], intents: readonly CaseIntent[]): CaseIntent[] {
  return intents.filter((intent) => (allowed as readonly string[]).includes(actionOf(intent)));
}
