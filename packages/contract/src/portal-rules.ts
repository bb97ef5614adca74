/**
 * Constants and pure helpers of the applicant portal, without zod: the web app imports them at run time without
 * pulling the schema library into its screens. portal.ts re-exports them.
 */

export const uploadFields = ['cv', 'cvec', 'attestationBac'] as const;
export type UploadField = (typeof uploadFields)[number];
/** Accepted types per upload field (SPEC section 5) and the 10 MB limit. */
export const uploadRules: Record<UploadField, { mimeTypes: string[]; extensions: string[]; maxBytes: number }> = {
  cv: { mimeTypes: ['application/pdf'], extensions: ['.pdf'], maxBytes: 10 * 1024 * 1024 },
  cvec: { mimeTypes: ['application/pdf'], extensions: ['.pdf'], maxBytes: 10 * 1024 * 1024 },
  attestationBac: {
    mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
    extensions: ['.png', '.jpg', '.jpeg', '.pdf'],
    maxBytes: 10 * 1024 * 1024,
  },
};
/** SPEC's wrong-type message, followed by the allowed extensions. */
export const wrongFileTypeMessage =
  'Type de fichier non supporté. Veuillez sélectionner un fichier avec une extension valide : ';

export const attestationKinds = ['preinscription', 'admissibilite'] as const;
export type AttestationKind = (typeof attestationKinds)[number];

export const OFFERS_PER_PAGE = 20;
/**
 * The search counts matching offers up to this number (docs/decisions/0026-offers-search-at-national-scale.md): past
 * it, `totalOffersCapped` says there are more and the screen shows "more than 1 000"; pages stop at the last counted one.
 */
export const OFFERS_COUNT_LIMIT = 1000;
/** The last page the search serves: 50. */
export const OFFERS_MAX_PAGE = OFFERS_COUNT_LIMIT / OFFERS_PER_PAGE;

export const applicationTypes = ['spontanee', 'offre'] as const;
export const relaunchMethods = ['telephone', 'email', 'courrier'] as const;
export const suiviStatuts = ['relance', 'positif', 'negatif', 'envoyee'] as const;
export type SuiviStatut = (typeof suiviStatuts)[number];

/** SPEC section 4: relance when reminded, positif / negatif from the response, otherwise application sent. */
export function suiviStatutOf(entry: {
  response?: 0 | 1 | null | undefined;
  relaunchDate?: string | null | undefined;
}): SuiviStatut {
  if (entry.response === 1) return 'positif';
  if (entry.response === 0) return 'negatif';
  if (entry.relaunchDate) return 'relance';
  return 'envoyee';
}

export const stepTypes = [
  'f1ca',
  'f1ce',
  'modalites_re',
  'fra',
  'fre',
  'cfa',
  'signature_admissible',
  'signature_employeur',
  'signature_ecole',
] as const;
export type StepType = (typeof stepTypes)[number];
