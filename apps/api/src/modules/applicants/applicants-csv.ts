import type { ApplicantImportColumn } from '@passerelle/contract';
import { headerKey, headerMatcher } from '../../lib/csv-read.ts';

/**
 * The applicants' import columns: header names from a school's information system, matched leniently by the generic
 * reader in lib/csv-read.ts.
 */
export { decodeCsv, detectDelimiter, headerKey, parseCsv, readCsv, type CsvRecord } from '../../lib/csv-read.ts';

const synonyms: Record<ApplicantImportColumn, string[]> = {
  nom: ['nom', 'nomdefamille', 'nomdusage', 'nomdenaissance', 'lastname', 'surname', 'familyname'],
  prenom: ['prenom', 'prenoms', 'firstname', 'givenname', 'forename'],
  email: ['email', 'mail', 'courriel', 'mel', 'adressemail', 'adresseemail', 'adressecourriel', 'emailaddress', 'mailaddress'],
  school: ['ecole', 'school', 'etablissement', 'codeecole', 'schoolcode', 'institution'],
  formation: [
    'formation',
    'programme',
    'program',
    'codeformation',
    'formationcode',
    'libelleformation',
    'programmecode',
    'programcode',
    'course',
  ],
  lang: ['langue', 'language', 'lang', 'languedecorrespondance'],
  year: ['annee', 'anneederentree', 'anneedentree', 'rentree', 'startyear', 'year', 'promotion', 'promo'],
};

/** Each known column's index in the header (the first one when a name repeats); unknown headers are ignored. */
export const mapHeader = headerMatcher(synonyms);

const languageOfKey = new Map<string, 'fr-FR' | 'en-US'>([
  ['fr', 'fr-FR'],
  ['frfr', 'fr-FR'],
  ['francais', 'fr-FR'],
  ['french', 'fr-FR'],
  ['en', 'en-US'],
  ['enus', 'en-US'],
  ['engb', 'en-US'],
  ['anglais', 'en-US'],
  ['english', 'en-US'],
]);

/** fr, fr-FR, français, French → fr-FR; en, en-US, en-GB, anglais, English → en-US; undefined otherwise. */
export function parseLanguage(value: string): 'fr-FR' | 'en-US' | undefined {
  return languageOfKey.get(headerKey(value));
}
