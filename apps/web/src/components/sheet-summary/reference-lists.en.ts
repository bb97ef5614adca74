import type { ReferenceItem } from '@passerelle/contract';
import type * as referenceLists from './reference-lists';

/**
 * English labels of the reference lists, for the screens in en-US only (French users never download this file). The
 * French labels stay the official CERFA wording, the one sent to the OPCO and printed; these help an English
 * speaker choose. A French acronym stays in brackets where the person will meet it in French paperwork.
 */

type Lists = typeof referenceLists;
type ListName = keyof Lists;
type CodeOf<L extends ListName> = Lists[L][number]['code'];

/** Lists of proper nouns: only the names that differ in English are here, the others keep their French name. */
export type ProperNounList = 'departementsNaissance' | 'opcos';

export type EnglishLabels = {
  readonly [L in ListName]: L extends ProperNounList
    ? Readonly<Partial<Record<CodeOf<L>, string>>>
    : Readonly<Record<CodeOf<L>, string>>;
};

export const englishLabels: EnglishLabels = {
  sexes: { F: 'Female', M: 'Male' },
  nationalites: { '1': 'French', '2': 'EU national', '3': 'Non-EU national' },
  situationsAvantContrat: {
    '1': 'School pupil',
    '2': 'Pre-apprenticeship programme (Prépa apprentissage)',
    '3': 'Student in higher education',
    '4': 'Apprenticeship contract',
    '5': 'Professionalisation contract',
    '6': 'Subsidised employment contract (contrat aidé)',
    '7': 'Training at the apprentice training centre (CFA) as a vocational trainee, before signing an apprenticeship contract (L6222-12-1, labour code)',
    '8': 'Training at the apprentice training centre (CFA) as a vocational trainee without a contract, after a termination (5° of L6231-2, labour code)',
    '9': 'Other situations as a vocational trainee',
    '10': 'Employee',
    '11': 'Jobseeker, registered with France Travail (formerly Pôle emploi) or not',
    '12': 'Inactive (neither working nor seeking work)',
  },
  dernieresClasses: {
    '01': 'Attended the final year of the programme and obtained the diploma or title',
    '11': 'Attended the 1st year of the programme and passed it',
    '12': 'Attended the 1st year of the programme but did not pass it',
    '21': 'Attended the 2nd year of the programme and passed it',
    '22': 'Attended the 2nd year of the programme but did not pass it',
    '31': 'Attended the 3rd year of the programme and passed it',
    '32': 'Attended the 3rd year of the programme but did not pass it',
    '40': 'Completed lower secondary school (collège)',
    '41': 'Left school in 3e (final year of collège)',
    '42': 'Left school in 4e (third year of collège)',
  },
  diplomes: {
    '25': 'Brevet (DNB, lower secondary school diploma)',
    '26': 'General education certificate (CFG)',
    '13': 'No diploma or vocational title',
    '33': 'Vocational aptitude certificate (CAP)',
    '34': 'Vocational studies certificate (BEP)',
    '35': 'Additional specialisation (mention complémentaire)',
    '38': 'Other diploma or title at CAP/BEP level',
    '41': 'Vocational baccalaureate (bac pro)',
    '42': 'General baccalaureate',
    '43': 'Technological baccalaureate',
    '49': 'Other diploma or title at baccalaureate level',
    '54': "Advanced technician's certificate (BTS)",
    '55': 'University diploma of technology (DUT)',
    '58': 'Other diploma or title at bac+2 level',
    '61': "First year of a master's degree (M1)",
    '62': "Professional bachelor's degree (licence professionnelle)",
    '63': "General bachelor's degree (licence)",
    '69': 'Other diploma or title at bac+3 or bac+4 level',
    '80': 'Doctorate',
    '71': "Professional master's degree / DESS",
    '72': "Research master's degree / DEA",
    '73': "Master's degree (no specific track)",
    '74': 'Engineering degree, business school degree',
    '79': 'Other diploma or title at bac+5 level or above',
  },
  niveauxDiplome: {
    '0': 'None',
    '3': 'CAP, BEP',
    '4': 'Baccalaureate',
    '5': 'Bac+2: DEUG, BTS, DUT, DEUST',
    '6': 'Bac+3/4: licence, professional licence, BUT, maîtrise',
    '7': "Bac+5: master's degree, DEA, DESS, engineering degree",
    '8': 'Doctorate, HDR',
  },
  departementsNaissance: {
    '99': 'Born abroad',
    '973': 'French Guiana',
    '974': 'Réunion',
  },
  typesContrat: { APP: 'Apprenticeship contract (APP)', PRO: 'Professionalisation contract (PRO)' },
  modesContractuels: {
    '1': 'Fixed term',
    '2': 'Within a permanent contract (CDI)',
    '3': 'Temporary employment agency',
    '4': 'Seasonal work for two employers',
  },
  typesContratAvenant: {
    '11': "The apprentice's first apprenticeship contract",
    '21': 'New contract with an apprentice who completed a previous contract with the same employer',
    '22': 'New contract with an apprentice who completed a previous contract with another employer',
    '23': 'New contract with an apprentice whose previous contract with another employer was terminated',
    '31': "Change in the employer's legal situation",
    '32': 'Change of employer under a seasonal contract',
    '33': 'Extension after the apprentice failed the exam',
    '34': 'Extension after the apprentice was recognised as a disabled worker',
    '35': 'Change of the diploma the apprentice is preparing',
    '36': 'Other changes: apprenticeship master, weekly working hours, shorter duration, etc.',
    '37': 'Change of the place where the contract is performed',
    '38': 'Change of the main place of theoretical training',
  },
  typesDerogation: {
    '11': 'Apprentice under 16',
    '12': 'Apprentice over 29: specific cases set by the labour code',
    '21': 'Shorter contract or apprenticeship period',
    '22': 'Longer contract or apprenticeship period',
    '50': 'Several derogations combined',
    '60': 'Other derogation',
  },
  naturesContratPro: {
    CDI: 'Permanent contract (CDI)',
    CDD: 'Fixed-term contract (CDD)',
    CTT: 'Temporary employment contract (CTT)',
  },
  typesEmployeur: {
    '11': 'Business in the trades register (répertoire des métiers) or the Alsace-Moselle business register',
    '12': 'Business registered only in the trade and companies register (RCS)',
    '13': 'Business whose employees are covered by the agricultural social security (MSA)',
    '14': 'Self-employed professional (profession libérale)',
    '15': 'Non-profit association',
    '16': 'Other private employer',
    '21': 'State department or service',
    '22': 'Municipality (commune)',
    '23': 'Département',
    '24': 'Region',
    '25': 'Public hospital',
    '26': 'Public secondary school (EPLE)',
    '27': 'State public administrative body (EPA)',
    '28': 'Local public administrative body',
    '29': 'Other public employer',
    '30': 'Public industrial and commercial body (EPIC)',
  },
  employeursSpecifiques: {
    '0': 'None of the cases below',
    '1': 'Temporary employment agency',
    '2': "Employers' group (groupement d'employeurs)",
    '3': 'Seasonal employer',
    '4': "Family apprenticeship: the employer is the apprentice's parent, grandparent or other direct ancestor",
  },
  regimesSociaux: { '1': 'Agricultural social security (MSA)', '2': 'General social security (URSSAF)' },
  opcos: {
    AKTO: 'AKTO (businesses and employees of labour-intensive services)',
    OPCO_EP: 'OPCO EP (local businesses)',
  },
};

/** The lists with their English labels; a code without one keeps its French label. */
export function inEnglish(lists: Lists): Record<ListName, readonly ReferenceItem[]> {
  const translate = (name: ListName) => {
    const labels: Readonly<Partial<Record<string, string>>> = englishLabels[name];
    const list: readonly ReferenceItem[] = lists[name];
    return list.map((item) => ({ ...item, label: labels[item.code] ?? item.label }));
  };
  return {
    sexes: translate('sexes'),
    nationalites: translate('nationalites'),
    situationsAvantContrat: translate('situationsAvantContrat'),
    dernieresClasses: translate('dernieresClasses'),
    diplomes: translate('diplomes'),
    niveauxDiplome: translate('niveauxDiplome'),
    departementsNaissance: translate('departementsNaissance'),
    typesContrat: translate('typesContrat'),
    modesContractuels: translate('modesContractuels'),
    typesContratAvenant: translate('typesContratAvenant'),
    typesDerogation: translate('typesDerogation'),
    naturesContratPro: translate('naturesContratPro'),
    typesEmployeur: translate('typesEmployeur'),
    employeursSpecifiques: translate('employeursSpecifiques'),
    regimesSociaux: translate('regimesSociaux'),
    opcos: translate('opcos'),
  };
}
