import type { ApplicantImportColumn, Language } from '@passerelle/contract';

/**
 * The import's messages, written for the staff member reading them (in their language): each says what is wrong with
 * the line and what the file should hold instead.
 */

const columnNames: Record<Language, Record<ApplicantImportColumn, string>> = {
  'fr-FR': {
    nom: 'nom de famille',
    prenom: 'prénom',
    email: 'adresse e-mail',
    school: 'école',
    formation: 'formation',
    lang: 'langue',
    year: 'année de rentrée',
  },
  'en-US': {
    nom: 'last name',
    prenom: 'first name',
    email: 'e-mail address',
    school: 'school',
    formation: 'formation',
    lang: 'language',
    year: 'start year',
  },
};

/** What another account type is called, in a refusal. */
function accountKind(lang: Language, userType: string): string {
  const en = lang === 'en-US';
  switch (userType) {
    case 'company':
      return en ? 'a company contact' : "le contact d'une entreprise";
    case 'staff':
    case 'admin':
      return en ? 'a member of the CFA team' : "un membre de l'équipe du CFA";
    default:
      return en ? 'another kind of account' : 'un autre type de compte';
  }
}

export function importMessages(lang: Language) {
  const en = lang === 'en-US';
  const name = (column: ApplicantImportColumn) => columnNames[lang][column];
  const quote = (value: string) => (en ? `“${value}”` : `« ${value} »`);
  return {
    columnName: name,
    missingColumns: (columns: ApplicantImportColumn[]) => {
      const list = columns.map(name).join(', ');
      return en
        ? `The file's first line must name these columns, which are missing: ${list}. Accepted names include “Nom” or “Last name”, “Prénom” or “First name”, “E-mail”, “École” or “School”, “Formation” or “Code formation”.`
        : `La première ligne du fichier doit nommer ces colonnes, absentes : ${list}. Noms acceptés par exemple : « Nom », « Prénom », « E-mail », « École », « Formation » ou « Code formation ».`;
    },
    empty: en ? 'The file is empty: it should start with a line of column names.' : 'Le fichier est vide : il doit commencer par une ligne de noms de colonnes.',
    noData: en
      ? 'The file holds only its line of column names: add one line per applicant.'
      : "Le fichier ne contient que sa ligne de noms de colonnes : ajoutez une ligne par candidat.",
    unreadable: (line: number) =>
      en
        ? `The file cannot be read from line ${line} on: a quote (") there is not closed, or is followed by other text in its column. Save the file again from the spreadsheet as CSV.`
        : `Le fichier est illisible à partir de la ligne ${line} : un guillemet (") n'y est pas refermé, ou est suivi d'autre texte dans sa colonne. Enregistrez de nouveau le fichier au format CSV depuis le tableur.`,
    tooLarge: (megabytes: number) =>
      en
        ? `The file is larger than ${megabytes} MB: split it into several files.`
        : `Le fichier dépasse ${megabytes} Mo : découpez-le en plusieurs fichiers.`,
    tooManyRows: (max: number) =>
      en
        ? `The file holds more than ${max} applicants: split it into several files.`
        : `Le fichier contient plus de ${max} candidats : découpez-le en plusieurs fichiers.`,
    missingValue: (column: ApplicantImportColumn) =>
      en ? `The ${name(column)} is missing.` : `Il manque la valeur de la colonne ${name(column)}.`,
    tooLong: (column: ApplicantImportColumn, max: number) =>
      en
        ? `The ${name(column)} is longer than ${max} characters.`
        : `La valeur de la colonne ${name(column)} dépasse ${max} caractères.`,
    invalidEmail: (value: string) =>
      en ? `${quote(value)} is not a valid e-mail address.` : `${quote(value)} n'est pas une adresse e-mail valide.`,
    duplicateEmail: (firstLine: number) =>
      en
        ? `This e-mail address is already on line ${firstLine} of the file.`
        : `Cette adresse e-mail figure déjà ligne ${firstLine} du fichier.`,
    otherAccount: (userType: string) =>
      en
        ? `This e-mail address is the account of ${accountKind(lang, userType)}, not of an applicant.`
        : `Cette adresse e-mail est celle d'un compte qui n'est pas un candidat : ${accountKind(lang, userType)}.`,
    unknownSchool: (value: string, known: string[]) =>
      en
        ? `Unknown school ${quote(value)}. Known schools: ${known.join(', ') || 'none yet'}.`
        : `École inconnue : ${quote(value)}. Écoles connues : ${known.join(', ') || 'aucune pour le moment'}.`,
    unknownFormation: (value: string, school: string) =>
      en
        ? `No formation of ${school} has the name or code ${quote(value)}.`
        : `Aucune formation de l'école ${school} n'a pour intitulé ou code ${quote(value)}.`,
    formationOfOtherSchool: (value: string, school: string, other: string) =>
      en
        ? `The formation ${quote(value)} belongs to ${other}, not to ${school}.`
        : `La formation ${quote(value)} appartient à l'école ${other}, pas à ${school}.`,
    noFormationYear: (value: string, year: number, years: number[]) =>
      en
        ? `The formation ${quote(value)} has no ${year} intake (years: ${years.join(', ')}).`
        : `La formation ${quote(value)} n'a pas de rentrée ${year} (années : ${years.join(', ')}).`,
    invalidYear: (value: string) =>
      en
        ? `${quote(value)} is not a year: write it with four digits, like 2026.`
        : `${quote(value)} n'est pas une année : écrivez-la sur quatre chiffres, par exemple 2026.`,
    unknownLanguage: (value: string) =>
      en
        ? `Unknown language ${quote(value)}: write fr or en (or leave it empty for French).`
        : `Langue inconnue : ${quote(value)}. Écrivez fr ou en (ou laissez vide pour le français).`,
  };
}
