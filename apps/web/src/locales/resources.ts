/**
 * The translations' types, from the JSON files: i18next types every t() key from the French files, and the English
 * files must have the same keys, so that a text missing in one language fails `tsc` (locales.test.ts checks the same at
 * run time, and the namespaces present on disk).
 */
import type frAbout from './fr-FR/about.json';
import type frAuth from './fr-FR/auth.json';
import type frCommon from './fr-FR/common.json';
import type frEmployer from './fr-FR/employer.json';
import type frErrors from './fr-FR/errors.json';
import type frHome from './fr-FR/home.json';
import type frPortal from './fr-FR/portal.json';
import type frSheets from './fr-FR/sheets.json';
import type frSignature from './fr-FR/signature.json';
import type frStaff from './fr-FR/staff.json';
import type frStaffAccounts from './fr-FR/staff-accounts.json';
import type frStaffApplicants from './fr-FR/staff-applicants.json';
import type frStaffCase from './fr-FR/staff-case.json';
import type frStaffContent from './fr-FR/staff-content.json';
import type frStaffExports from './fr-FR/staff-exports.json';
import type frStaffFormations from './fr-FR/staff-formations.json';
import type frStaffOffers from './fr-FR/staff-offers.json';
import type frStaffReferences from './fr-FR/staff-references.json';
import type frStaffReferenceTables from './fr-FR/staff-reference-tables.json';
import type frStaffSettings from './fr-FR/staff-settings.json';
import type frStaffWorkshops from './fr-FR/staff-workshops.json';
import type frSurvey from './fr-FR/survey.json';
import type frTracking from './fr-FR/tracking.json';
import type enAbout from './en-US/about.json';
import type enAuth from './en-US/auth.json';
import type enCommon from './en-US/common.json';
import type enEmployer from './en-US/employer.json';
import type enErrors from './en-US/errors.json';
import type enHome from './en-US/home.json';
import type enPortal from './en-US/portal.json';
import type enSheets from './en-US/sheets.json';
import type enSignature from './en-US/signature.json';
import type enStaff from './en-US/staff.json';
import type enStaffAccounts from './en-US/staff-accounts.json';
import type enStaffApplicants from './en-US/staff-applicants.json';
import type enStaffCase from './en-US/staff-case.json';
import type enStaffContent from './en-US/staff-content.json';
import type enStaffExports from './en-US/staff-exports.json';
import type enStaffFormations from './en-US/staff-formations.json';
import type enStaffOffers from './en-US/staff-offers.json';
import type enStaffReferences from './en-US/staff-references.json';
import type enStaffReferenceTables from './en-US/staff-reference-tables.json';
import type enStaffSettings from './en-US/staff-settings.json';
import type enStaffWorkshops from './en-US/staff-workshops.json';
import type enSurvey from './en-US/survey.json';
import type enTracking from './en-US/tracking.json';

/** Every namespace's texts in French, the language the keys are written from. */
export interface Resources {
  about: typeof frAbout;
  auth: typeof frAuth;
  common: typeof frCommon;
  employer: typeof frEmployer;
  errors: typeof frErrors;
  home: typeof frHome;
  portal: typeof frPortal;
  sheets: typeof frSheets;
  signature: typeof frSignature;
  staff: typeof frStaff;
  'staff-accounts': typeof frStaffAccounts;
  'staff-applicants': typeof frStaffApplicants;
  'staff-case': typeof frStaffCase;
  'staff-content': typeof frStaffContent;
  'staff-exports': typeof frStaffExports;
  'staff-formations': typeof frStaffFormations;
  'staff-offers': typeof frStaffOffers;
  'staff-references': typeof frStaffReferences;
  'staff-reference-tables': typeof frStaffReferenceTables;
  'staff-settings': typeof frStaffSettings;
  'staff-workshops': typeof frStaffWorkshops;
  survey: typeof frSurvey;
  tracking: typeof frTracking;
}

interface EnglishResources {
  about: typeof enAbout;
  auth: typeof enAuth;
  common: typeof enCommon;
  employer: typeof enEmployer;
  errors: typeof enErrors;
  home: typeof enHome;
  portal: typeof enPortal;
  sheets: typeof enSheets;
  signature: typeof enSignature;
  staff: typeof enStaff;
  'staff-accounts': typeof enStaffAccounts;
  'staff-applicants': typeof enStaffApplicants;
  'staff-case': typeof enStaffCase;
  'staff-content': typeof enStaffContent;
  'staff-exports': typeof enStaffExports;
  'staff-formations': typeof enStaffFormations;
  'staff-offers': typeof enStaffOffers;
  'staff-references': typeof enStaffReferences;
  'staff-reference-tables': typeof enStaffReferenceTables;
  'staff-settings': typeof enStaffSettings;
  'staff-workshops': typeof enStaffWorkshops;
  survey: typeof enSurvey;
  tracking: typeof enTracking;
}

/** True when A and B have the same keys at every depth (JSON texts all infer as string). */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Each namespace whose English file has other keys than the French one. */
type Mismatched = {
  [N in keyof Resources]: SameKeys<Resources[N], EnglishResources[N]> extends true ? never : N;
}[keyof Resources];
/** Compiles only when there is none; else tsc names the namespace ("Type '"portal"' does not satisfy ... 'never'"). */
type NoneOf<T extends never> = T;
export type EnglishMatchesFrench = NoneOf<Mismatched>;
