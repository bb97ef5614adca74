import { z } from 'zod';
import {
  attestationKinds,
  OFFERS_MAX_PAGE,
  applicationTypes,
  relaunchMethods,
  suiviStatuts,
  stepTypes,
} from './portal-rules.ts';
import { pastDateRule } from './rules/refinements.ts';
import { phoneShapeField } from './rules/schemas.ts';
export { todayIso } from './rules/dates.ts';
export {
  uploadFields,
  type UploadField,
  uploadRules,
  wrongFileTypeMessage,
  attestationKinds,
  type AttestationKind,
  OFFERS_PER_PAGE,
  OFFERS_COUNT_LIMIT,
  OFFERS_MAX_PAGE,
  applicationTypes,
  relaunchMethods,
  suiviStatuts,
  type SuiviStatut,
  suiviStatutOf,
  stepTypes,
  type StepType,
} from './portal-rules.ts';

/** ISO date yyyy-mm-dd. */
export const isoDate = z.iso.date();
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

// ---------- Content feed (cms) ----------
export const cmsSectionNames = ['news', 'information', 'links', 'platforms', 'coaching', 'process'] as const;
export const cmsSection = z.object({ title: z.string(), text: z.string() });
export const cmsLangQuery = z.object({ lang: z.enum(['fr', 'en']).default('fr') });

export const workshop = z.object({
  id: z.number().int(),
  title: z.string(),
  date: isoDate,
  /** HH:MM */
  startHour: z.string(),
  /** HH:MM:SS or HH:MM; the confirmation shows its first 5 characters. */
  endHour: z.string(),
  quota: z.number().int(),
  nbIns: z.number().int(),
  isInscrit: z.boolean(),
});
export type Workshop = z.infer<typeof workshop>;
/** Answer of POST /admissibles/portal/registerAtelier/{id}: the new state and the workshop after the change. */
export const registerAtelierResponse = z.object({ registered: z.boolean(), workshop });
export type RegisterAtelierResponse = z.infer<typeof registerAtelierResponse>;

export const headerInfos = z.object({
  admLastName: z.string(),
  admFirstName: z.string(),
  formationYear: z.number().int().nullable(),
  formationLibelle: z.string().nullable(),
  formationEtape: z.number().int().nullable(),
  contractType: z.enum(['APP', 'PRO']).nullable(),
  school: z.string().nullable(),
  /** The school's rules that are data (back office, settings): none without a school. */
  schoolRules: z.object({ holdsWorkshops: z.boolean(), bacAttestationOrMore: z.boolean() }),
});
export type HeaderInfos = z.infer<typeof headerInfos>;

export const cmsInfo = z.object({
  news: cmsSection.nullable(),
  information: cmsSection.nullable(),
  links: cmsSection.nullable(),
  platforms: cmsSection.nullable(),
  coaching: cmsSection.nullable(),
  process: cmsSection.nullable(),
  isDossierOngoing: z.boolean(),
  currentDossierId: z.number().int().nullable(),
  forumInvitation: z.object({ name: z.string(), date: isoDate, link: z.string() }).nullable(),
  ateliers: z.object({ list: z.array(workshop), canRegister: z.boolean() }),
  headerInfos,
});
export type CmsInfo = z.infer<typeof cmsInfo>;

// ---------- Portal infos and uploads ----------
export const uploadedCv = z.object({ fileId: z.string(), uploadDate: z.string(), fileUrl: z.string() });
export const portalInfos = z.object({
  documents: z.object({
    cv: z.array(uploadedCv),
    cvec: z.object({ isValid: z.boolean(), numCvec: z.string().nullable(), fileUrl: z.string().nullable() }),
    attestationBac: z.object({ isValid: z.boolean(), fileUrl: z.string().nullable() }),
  }),
});
export type PortalInfos = z.infer<typeof portalInfos>;

// ---------- Public files, partners ----------
export const publicFile = z.object({
  name: z.string(),
  translateKey: z.string().nullable(),
  size: z.number().int(),
  contentType: z.string(),
  attachmentUrl: z.string(),
});
export const publicFilesQuery = z.object({ type: z.enum(['home']).default('home') });
/** 0 for the home card, or one of the applicant's dossiers. */
export const publicFilesParams = z.object({ dossierId: z.coerce.number().int().min(0).max(2_147_483_647) });
export const publicFilesResponse = z.array(publicFile);
export type PublicFile = z.infer<typeof publicFile>;
export const partner = z.object({ id: z.number().int(), nom: z.string(), logo: z.string(), web: z.string() });
export const partnersResponse = z.array(partner);
export type Partner = z.infer<typeof partner>;

// ---------- Stored files, useful documents ----------
/** Any text: an id that is not a file id answers 404 like an unknown one. */
export const fileParams = z.object({ id: z.string() });
export const attestationParams = z.object({ kind: z.enum(attestationKinds) });

// ---------- Offers ----------
/** An empty query-string value (`?query=`) means the filter is not set. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const offersQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(OFFERS_MAX_PAGE).default(1),
    query: unsetWhenEmpty(z.string().trim().max(200)),
    publicationDateBefore: unsetWhenEmpty(isoDate),
    publicationDateAfter: unsetWhenEmpty(isoDate),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.publicationDateBefore && q.publicationDateAfter && q.publicationDateBefore < q.publicationDateAfter) {
      ctx.addIssue({
        code: 'custom',
        path: ['publicationDateBefore'],
        message: 'offers.dates_reversed',
      });
    }
  });
export type OffersQuery = z.infer<typeof offersQuery>;
export const offer = z.object({
  id: z.number().int(),
  title: z.string(),
  logo: z.string().nullable(),
  company: z.object({ name: z.string() }),
  publicationDate: isoDate,
  /** 0000-00-00 when unknown (then hidden). */
  startDate: z.string(),
  description: z.string(),
  applicationAction: z.object({ linkType: z.enum(['link', 'mail']), link: z.string() }),
});
export type Offer = z.infer<typeof offer>;
/**
 * `totalOffers` counts the matching offers up to OFFERS_COUNT_LIMIT; `totalOffersCapped` is true when more match than
 * that (the screen then says "more than 1 000").
 */
export const offersResponse = z.object({
  offers: z.array(offer),
  totalOffers: z.number().int(),
  totalOffersCapped: z.boolean(),
});
export type OffersResponse = z.infer<typeof offersResponse>;

// ---------- Employer-search tracking ----------

/** Optional form fields: an empty string means "not given" (the service stores null). */
const orEmpty = <T extends z.ZodType>(schema: T) => schema.nullable().optional().or(z.literal(''));

/**
 * A date that has happened: today at the latest. "Today" is the later of the local day and the day in Paris, so a
 * browser in France checks its own day and the API (running in UTC) accepts what a French applicant typed after
 * midnight.
 */
export const pastIsoDate = isoDate.superRefine(pastDateRule);

export const trackingBody = z.object({
  targetCompany: z.string().trim().min(1).max(200),
  position: z.string().trim().min(1).max(200),
  // An application, a first contact and an answer have happened; an interview and a relaunch may be planned ahead.
  applicationDate: pastIsoDate,
  applicationType: orEmpty(z.enum(applicationTypes)),
  contactLastName: optionalText(100),
  contactFirstName: optionalText(100),
  contactPosition: optionalText(100),
  contactEmail: orEmpty(z.email().max(254)),
  contactPhone: orEmpty(phoneShapeField),
  firstContactDate: orEmpty(pastIsoDate),
  interviewDate: orEmpty(isoDate),
  relaunchDate: orEmpty(isoDate),
  relaunchMethod: orEmpty(z.enum(relaunchMethods)),
  /** 1 positive, 0 negative, null no response. */
  response: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .optional(),
  responseDate: orEmpty(pastIsoDate),
  offerLink: orEmpty(z.url({ protocol: /^https?$/ }).max(2000)),
});
export type TrackingBody = z.infer<typeof trackingBody>;
// What is stored is answered as is: "today" moves on, and a row written before the past-only rule must still read.
export const trackingEntry = trackingBody.extend({
  id: z.number().int(),
  suiviStatut: z.enum(suiviStatuts),
  applicationDate: isoDate,
  firstContactDate: orEmpty(isoDate),
  responseDate: orEmpty(isoDate),
});
export const trackingListItem = z.object({
  id: z.number().int(),
  suiviEmployeur: z.string(),
  suiviPosition: z.string(),
  suiviDateEnvoiCandidature: isoDate,
  suiviStatut: z.enum(suiviStatuts),
});
export type TrackingEntry = z.infer<typeof trackingEntry>;
export type TrackingListItem = z.infer<typeof trackingListItem>;
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---------- Dossiers ----------
export const etapeStatus = z.object({ type: z.enum(stepTypes), status: z.number().int().min(1).max(5) });
export const dossier = z.object({
  id: z.number().int(),
  dossierName: z.string().nullable(),
  dossierStatut: z.number().int().min(1).max(13),
  dossierAccessible: z.boolean(),
  etapeStatus: z.array(etapeStatus),
  /** Download address of the signed contract, when there is one. */
  dossierCerfa: z.string().nullable(),
  dossierCerfaAvenant: z.string().nullable(),
  dossierLastUpdate: z.string(),
});
export type Dossier = z.infer<typeof dossier>;

export const cerfaParams = z.object({
  dossierId: z.number().int(),
  contractType: z.enum(['APP', 'PRO']).nullable(),
  formation: z
    .object({
      libelle: z.string(),
      school: z.string(),
      trainingStart: isoDate,
      trainingEnd: isoDate,
      proStartAfter: isoDate.nullable(),
      proEndBefore: isoDate.nullable(),
      rncp: z.string().nullable(),
      rncpEndDate: isoDate.nullable(),
      codeDiplome: z.string().nullable(),
      hours: z.number().int().nullable(),
      remoteHours: z.number().int().nullable().optional(),
      rncpLevel: z.number().int().nullable().optional(),
    })
    .nullable(),
});
export type CerfaParams = z.infer<typeof cerfaParams>;
