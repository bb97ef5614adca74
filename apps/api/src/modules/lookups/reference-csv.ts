import {
  idccEtats,
  idccKey,
  normalizeNaf,
  opcos,
  referenceTableMinRows,
  type IdccEtat,
  type Language,
  type OpcoCode,
  type ReferenceTableName,
} from '@passerelle/contract';
import { headerKey, headerMatcher, readCsvImport, type CsvImportMessages, type CsvRecord } from '../../lib/csv-read.ts';
import { validationError } from '../../lib/app-error.ts';
import { foldText } from '../../lib/fold-text.ts';

/**
 * Reading a reference table's CSV, the shipped one (reference-data/) or one an admin loads: the header matched by
 * folded name against French and English synonyms (so that the publisher's own file fits: La Poste's `#Code_commune_INSEE`,
 * INSEE's `Code`, KALI's `IDCC`), each line checked, and the whole file refused with the lines at fault when one is
 * wrong. Nothing is stored here (reference-tables.repo.ts replaces a table in one transaction).
 */

export interface IdccRow {
  code: string;
  etat: IdccEtat | null;
  libelle: string;
}
export interface IdccOpcoRow {
  idcc: string;
  opco: OpcoCode;
}
export interface NafRow {
  code: string;
  libelle: string;
}
export interface PostcodeRow {
  codePostal: string;
  codeInsee: string;
  commune: string;
}
export interface ReferenceRows {
  idcc: IdccRow[];
  'idcc-opco': IdccOpcoRow[];
  naf: NafRow[];
  postcodes: PostcodeRow[];
}

const fold = (names: string[]) => names.map(headerKey);
const idccNames = fold(['idcc', 'code idcc', 'num', 'numero', 'numéro']);
const columns = {
  idcc: { idcc: idccNames, etat: fold(['etat juridique', 'etat', 'état', 'state']), libelle: fold(['libelle', 'libellé', 'titre', 'title', 'intitule', 'intitulé', 'label']) },
  'idcc-opco': { idcc: idccNames, opco: fold(['opco', 'nom opco', 'code opco', 'opco code']) },
  naf: { code: fold(['code', 'code naf', 'naf', 'code ape', 'sous-classe', 'sous classe']), libelle: fold(['libelle', 'libellé', 'intitule', 'intitulé', 'label', 'libelle naf']) },
  postcodes: {
    codePostal: fold(['code postal', 'code_postal', 'cp', 'postcode']),
    codeInsee: fold(['code insee', 'code commune insee', '#code commune insee', 'code commune', 'insee', 'citycode']),
    commune: fold(['commune', 'nom commune', 'nom de la commune', 'libelle commune', 'libellé commune', 'city']),
  },
} as const;

/** What each table's columns are called in a message. */
const columnLabels: Record<Language, Record<string, string>> = {
  'fr-FR': { idcc: 'idcc', etat: 'etat_juridique', libelle: 'libelle', opco: 'opco', code: 'code', codePostal: 'code_postal', codeInsee: 'code_insee', commune: 'commune' },
  'en-US': { idcc: 'idcc', etat: 'etat_juridique', libelle: 'libelle', opco: 'opco', code: 'code', codePostal: 'code_postal', codeInsee: 'code_insee', commune: 'commune' },
};

function fileMessages(lang: Language): CsvImportMessages<string> {
  const en = lang === 'en-US';
  return {
    tooLarge: (mb) => (en ? `This file is over ${mb} MB: load the table's CSV only.` : `Ce fichier dépasse ${mb} Mo : chargez seulement le CSV de la table.`),
    unreadable: (line) =>
      en
        ? `This file cannot be read from line ${line} on: a quote is opened and never closed. Save it again as CSV.`
        : `Ce fichier ne se lit plus à partir de la ligne ${line} : un guillemet y est ouvert sans être refermé. Enregistrez-le de nouveau en CSV.`,
    empty: en ? 'This file is empty: choose the CSV of the table.' : 'Ce fichier est vide : choisissez le CSV de la table.',
    missingColumns: (missing) => {
      const names = missing.map((column) => columnLabels[lang][column] ?? column).join(', ');
      return en
        ? `This file lacks the column(s) ${names}: its first line must name them.`
        : `Il manque à ce fichier la ou les colonnes ${names} : sa première ligne doit les nommer.`;
    },
    noData: en ? 'This file has a header but no line of data.' : 'Ce fichier a une ligne d’en-tête mais aucune ligne de données.',
    tooManyRows: (max) => (en ? `This file has more than ${max} lines.` : `Ce fichier a plus de ${max} lignes.`),
  };
}

/** A name folded for matching: no case, accents, spaces, underscores, hyphens or apostrophes. */
const opcoKey = (name: string) => foldText(name).replace(/[\s_'’-]/g, '');

/** OPCO codes and names as publishers write them, folded, to the code of the `opcos` list. */
const opcoByName = new Map<string, OpcoCode>();
for (const opco of opcos) {
  opcoByName.set(opcoKey(opco.code), opco.code);
  opcoByName.set(opcoKey(opco.label), opco.code);
}
for (const [name, code] of [
  ['OPCO entreprises et salariés des services à forte intensité de main-d’œuvre', 'AKTO'],
  ["OPCO entreprises et salariés des services à forte intensité de main-d'œuvre", 'AKTO'],
  ['OPCO entreprises de proximité', 'OPCO_EP'],
  ['OPCO EP', 'OPCO_EP'],
  ['Uniformation', 'OPCO_COHESION_SOCIALE'],
  ['Constructys', 'OPCO_CONSTRUCTION'],
  ['OPCO Mobilités', 'OPCO_MOBILITE'],
  ["L'Opcommerce", 'OPCO_COMMERCE'],
  ['Atlas', 'OPCO_ATLAS'],
  ['OPCO Cohésion sociale', 'OPCO_COHESION_SOCIALE'],
  ['OPCO Construction', 'OPCO_CONSTRUCTION'],
] as const) {
  opcoByName.set(opcoKey(name), code);
}
export const opcoOfName = (name: string): OpcoCode | undefined => opcoByName.get(opcoKey(name));

const lineMessages = (lang: Language) => {
  const en = lang === 'en-US';
  return {
    idcc: (value: string) => (en ? `“${value}” is no IDCC (1 to 4 digits)` : `« ${value} » n’est pas un IDCC (1 à 4 chiffres)`),
    etat: (value: string) =>
      en
        ? `“${value}” is no legal state of Légifrance (${idccEtats.join(', ')}, or empty)`
        : `« ${value} » n’est pas un état juridique de Légifrance (${idccEtats.join(', ')}, ou vide)`,
    libelle: en ? 'the label is empty' : 'le libellé est vide',
    opco: (value: string) => (en ? `“${value}” is none of the 11 OPCOs` : `« ${value} » n’est aucun des 11 OPCO`),
    naf: (value: string) => (en ? `“${value}” is no NAF sub-class (like 62.01Z)` : `« ${value} » n’est pas une sous-classe NAF (comme 62.01Z)`),
    codePostal: (value: string) => (en ? `“${value}” is no postcode (5 digits)` : `« ${value} » n’est pas un code postal (5 chiffres)`),
    codeInsee: (value: string) => (en ? `“${value}” is no INSEE commune code` : `« ${value} » n’est pas un code commune INSEE`),
    commune: en ? 'the commune is empty' : 'le nom de la commune est vide',
    duplicate: (value: string) => (en ? `${value} appears twice` : `${value} apparaît deux fois`),
    line: (line: number, what: string) => (en ? `Line ${line}: ${what}.` : `Ligne ${line} : ${what}.`),
    more: (count: number) => (en ? `…and ${count} more lines at fault.` : `…et ${count} autres lignes en erreur.`),
    tooFew: (count: number, min: number) =>
      en
        ? `This file has ${count} lines where the table has at least ${min}: check that it is the whole table.`
        : `Ce fichier a ${count} lignes alors que la table en compte au moins ${min} : vérifiez qu’il s’agit de la table entière.`,
  };
};

/** Most line errors given back: enough to see what is wrong, not a wall. */
const MAX_LINE_ERRORS = 20;

/** The rows of a table's CSV, checked; throws 400 (`file`) with the lines at fault, 413 over the size. */
export function parseReferenceCsv<T extends ReferenceTableName>(
  table: T,
  bytes: Uint8Array,
  options: { lang: Language; maxBytes: number; enforceMinRows: boolean },
): ReferenceRows[T] {
  const spec = columns[table] as Record<string, readonly string[]>;
  const required = Object.keys(spec).filter((column) => !(table === 'idcc' && column === 'etat'));
  const { header, data } = readCsvImport(bytes, {
    maxBytes: options.maxBytes,
    maxRows: 200_000,
    required,
    mapHeader: headerMatcher(spec),
    messages: fileMessages(options.lang),
  });
  const say = lineMessages(options.lang);
  const errors: string[] = [];
  const cell = (record: CsvRecord, column: string): string => {
    const index = header[column];
    return index === undefined ? '' : (record.cells[index] ?? '').trim();
  };
  const rows: unknown[] = [];
  const seen = new Set<string>();
  for (const record of data) {
    const problems: string[] = [];
    let key = '';
    let row: unknown;
    if (table === 'idcc' || table === 'idcc-opco') {
      const raw = cell(record, 'idcc');
      const code = idccKey(raw);
      if (!code) problems.push(say.idcc(raw));
      key = code ?? raw;
      if (table === 'idcc') {
        const etatRaw = cell(record, 'etat').toUpperCase();
        const etat = etatRaw === '' ? null : (idccEtats as readonly string[]).includes(etatRaw) ? (etatRaw as IdccEtat) : undefined;
        if (etat === undefined) problems.push(say.etat(cell(record, 'etat')));
        const libelle = cell(record, 'libelle').replace(/\s+/g, ' ');
        if (!libelle) problems.push(say.libelle);
        row = { code, etat, libelle };
      } else {
        const opcoRaw = cell(record, 'opco');
        const opco = opcoOfName(opcoRaw);
        if (!opco) problems.push(say.opco(opcoRaw));
        row = { idcc: code, opco };
      }
    } else if (table === 'naf') {
      const raw = cell(record, 'code');
      const code = normalizeNaf(raw);
      if (!code) problems.push(say.naf(raw));
      key = code ?? raw;
      const libelle = cell(record, 'libelle').replace(/\s+/g, ' ');
      if (!libelle) problems.push(say.libelle);
      row = { code, libelle };
    } else {
      const codePostal = cell(record, 'codePostal');
      const codeInsee = cell(record, 'codeInsee').toUpperCase();
      const commune = cell(record, 'commune').replace(/\s+/g, ' ');
      if (!/^\d{5}$/.test(codePostal)) problems.push(say.codePostal(codePostal));
      if (!/^(\d{5}|2[AB]\d{3})$/.test(codeInsee)) problems.push(say.codeInsee(codeInsee));
      if (!commune) problems.push(say.commune);
      key = `${codePostal} ${codeInsee}`;
      // La Poste's file repeats a pair for each locality (ligne 5) of the commune: the first one is kept.
      if (problems.length === 0 && seen.has(key)) continue;
      row = { codePostal, codeInsee, commune } satisfies PostcodeRow;
    }
    if (problems.length === 0 && seen.has(key)) problems.push(say.duplicate(key));
    seen.add(key);
    if (problems.length > 0) errors.push(say.line(record.line, problems.join(' ; ')));
    else rows.push(row);
  }
  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_LINE_ERRORS);
    if (errors.length > MAX_LINE_ERRORS) shown.push(say.more(errors.length - MAX_LINE_ERRORS));
    throw validationError({ file: shown }, shown[0]);
  }
  const min = referenceTableMinRows[table];
  if (options.enforceMinRows && rows.length < min) {
    const message = say.tooFew(rows.length, min);
    throw validationError({ file: [message] }, message);
  }
  return rows as ReferenceRows[T];
}

