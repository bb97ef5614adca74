import {
  OFFER_IMPORT_MAX_BYTES,
  OFFER_IMPORT_MAX_ROWS,
  offerBody,
  requiredOfferImportColumns,
  type Language,
  type OfferBody,
  type OfferImportColumn,
  type OfferImportError,
  type OfferImportResponse,
} from '@passerelle/contract';
import { formatValidationText } from '@passerelle/contract/rules/validation-texts';
import type { Db } from '../../db/client.ts';
import { headerMatcher, readCsvImport, type CsvRecord } from '../../lib/csv-read.ts';
import { findOfferIdsByRef, insertOffer, updateOffer } from './offers.repo.ts';
import { forgetOfferSearches } from './offers-search.ts';
import { offerRow } from './offers.service.ts';
import { parisDay } from '../../lib/paris-time.ts';

/** Header names of a job board's or a school's export, folded (lib/csv-read.ts headerKey). */
const mapHeader = headerMatcher<OfferImportColumn>({
  ref: [
    'ref',
    'reference',
    'referenceoffre',
    'refoffre',
    'identifiant',
    'idoffre',
    'offerid',
    'jobid',
    'externalref',
    'externalid',
  ],
  title: ['titre', 'title', 'intitule', 'intituledeposte', 'intituleduposte', 'poste', 'jobtitle', 'position', 'offre'],
  companyName: [
    'entreprise',
    'company',
    'companyname',
    'societe',
    'employeur',
    'employer',
    'raisonsociale',
    'nomentreprise',
    'nomdelentreprise',
  ],
  publicationDate: [
    'datedepublication',
    'datepublication',
    'publicationdate',
    'publiele',
    'publishedon',
    'published',
    'publication',
  ],
  startDate: ['datededebut', 'datedebut', 'debut', 'startdate', 'start', 'datedemarrage', 'priseposte', 'prisedeposte'],
  description: ['description', 'descriptif', 'descriptiondeloffre', 'details', 'contenu', 'missions', 'texte'],
  link: [
    'lien',
    'link',
    'url',
    'liendecandidature',
    'liencandidature',
    'candidature',
    'postuler',
    'applicationlink',
    'applylink',
    'apply',
    'contact',
    'emailcandidature',
  ],
});

const columnNames: Record<Language, Record<OfferImportColumn, string>> = {
  'fr-FR': {
    ref: 'référence',
    title: 'titre',
    companyName: 'entreprise',
    publicationDate: 'date de publication',
    startDate: 'date de début',
    description: 'description',
    link: 'lien de candidature',
  },
  'en-US': {
    ref: 'reference',
    title: 'title',
    companyName: 'company',
    publicationDate: 'publication date',
    startDate: 'start date',
    description: 'description',
    link: 'application link',
  },
};

function messages(lang: Language) {
  const en = lang === 'en-US';
  const name = (column: OfferImportColumn) => columnNames[lang][column];
  const quote = (value: string) => (en ? `“${value}”` : `« ${value} »`);
  return {
    missingColumns: (columns: OfferImportColumn[]) => {
      const list = columns.map(name).join(', ');
      return en
        ? `The file's first line must name these columns, which are missing: ${list}. Accepted names include “Title”, “Company”, “Description”, “Link” or “URL”; “Reference”, “Publication date” and “Start date” are optional.`
        : `La première ligne du fichier doit nommer ces colonnes, absentes : ${list}. Noms acceptés par exemple : « Titre », « Entreprise », « Description », « Lien » ou « URL » ; « Référence », « Date de publication » et « Date de début » sont facultatives.`;
    },
    empty: en
      ? 'The file is empty: it should start with a line of column names.'
      : 'Le fichier est vide : il doit commencer par une ligne de noms de colonnes.',
    noData: en
      ? 'The file holds only its line of column names: add one line per offer.'
      : 'Le fichier ne contient que sa ligne de noms de colonnes : ajoutez une ligne par offre.',
    unreadable: (line: number) =>
      en
        ? `The file cannot be read from line ${line} on: a quote (") there is not closed, or is followed by other text in its column. Save the file again from the spreadsheet as CSV.`
        : `Le fichier est illisible à partir de la ligne ${line} : un guillemet (") n’y est pas refermé, ou est suivi d’autre texte dans sa colonne. Enregistrez de nouveau le fichier au format CSV depuis le tableur.`,
    tooLarge: (megabytes: number) =>
      en
        ? `The file is over ${megabytes} MB: split it into smaller files.`
        : `Le fichier dépasse ${megabytes} Mo : découpez-le en fichiers plus petits.`,
    tooManyRows: (max: number) =>
      en
        ? `The file holds more than ${max} offers: split it into smaller files.`
        : `Le fichier contient plus de ${max} offres : découpez-le en fichiers plus petits.`,
    missingValue: (column: OfferImportColumn) =>
      en ? `The ${name(column)} is missing.` : `Le champ ${name(column)} est vide.`,
    invalidDate: (column: OfferImportColumn, value: string) =>
      en
        ? `The ${name(column)} ${quote(value)} is not a date: write it as 25/11/2026 or 2026-11-25.`
        : `La ${name(column)} ${quote(value)} n’est pas une date : écrivez-la 25/11/2026 ou 2026-11-25.`,
    duplicateRef: (firstLine: number) =>
      en
        ? `This reference is already on line ${firstLine}: each offer has its own.`
        : `Cette référence figure déjà ligne ${firstLine} : chaque offre a la sienne.`,
    invalidLink: (value: string) =>
      en
        ? `The application link ${quote(value)} is neither an https:// address nor an e-mail address.`
        : `Le lien de candidature ${quote(value)} n’est ni une adresse https:// ni une adresse e-mail.`,
  };
}

/** 25/11/2026, 25-11-2026, 25.11.2026 or 2026-11-25 → 2026-11-25; undefined when not a real date. */
export function parseImportDate(value: string): string | undefined {
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, m, d] = french ? [french[3], french[2], french[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return undefined;
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? undefined : date;
}

interface ParsedOffer {
  line: number;
  ref: string | undefined;
  body: OfferBody;
}

function readFile(
  bytes: Uint8Array,
  lang: Language,
): { header: Partial<Record<OfferImportColumn, number>>; data: CsvRecord[] } {
  return readCsvImport(bytes, {
    maxBytes: OFFER_IMPORT_MAX_BYTES,
    maxRows: OFFER_IMPORT_MAX_ROWS,
    required: requiredOfferImportColumns,
    mapHeader,
    messages: messages(lang),
  });
}

const bodyFields: Partial<Record<keyof OfferBody, OfferImportColumn>> = {
  title: 'title',
  companyName: 'companyName',
  description: 'description',
  publicationDate: 'publicationDate',
  startDate: 'startDate',
};

function checkLines(
  header: Partial<Record<OfferImportColumn, number>>,
  data: CsvRecord[],
  lang: Language,
  today: string,
): { offers: ParsedOffer[]; errors: OfferImportError[] } {
  const text = messages(lang);
  const errors: OfferImportError[] = [];
  const offers: ParsedOffer[] = [];
  const firstLineOfRef = new Map<string, number>();
  for (const record of data) {
    const line = record.line;
    const cell = (column: OfferImportColumn) => {
      const index = header[column];
      return index === undefined ? '' : (record.cells[index] ?? '').trim();
    };
    const fail = (field: OfferImportError['field'], message: string) => errors.push({ line, field, message });
    const before = errors.length;

    const ref = cell('ref') || undefined;
    if (ref) {
      const firstLine = firstLineOfRef.get(ref);
      if (firstLine === undefined) firstLineOfRef.set(ref, line);
      else fail('ref', text.duplicateRef(firstLine));
    }
    const dates: Partial<Record<'publicationDate' | 'startDate', string>> = {};
    for (const column of ['publicationDate', 'startDate'] as const) {
      const raw = cell(column);
      if (!raw) continue;
      const date = parseImportDate(raw);
      if (date) dates[column] = date;
      else fail(column, text.invalidDate(column, raw));
    }
    for (const column of requiredOfferImportColumns) if (!cell(column)) fail(column, text.missingValue(column));
    const link = cell('link').replace(/^mailto:/i, '');
    const linkType = link.includes('@') && !/^https?:\/\//i.test(link) ? 'mail' : 'link';
    const failed = new Set(errors.slice(before).map((e) => e.field));

    const parsed = offerBody.safeParse({
      title: cell('title'),
      companyName: cell('companyName'),
      description: cell('description'),
      publicationDate: dates.publicationDate ?? today,
      startDate: dates.startDate ?? null,
      linkType,
      link,
    });
    if (parsed.success) {
      if (failed.size === 0) offers.push({ line, ref, body: parsed.data });
      continue;
    }
    // A field already refused above keeps its first message only.
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const column =
        key === 'link' ? 'link' : typeof key === 'string' ? (bodyFields[key as keyof OfferBody] ?? 'line') : 'line';
      if (failed.has(column)) continue;
      failed.add(column);
      fail(column, column === 'link' ? text.invalidLink(link) : formatValidationText(issue.message, lang));
    }
  }
  return { offers, errors };
}

/**
 * POST /staff/offers/import: checks every line, then stores them all in one transaction, or none when a single line is
 * wrong. A line whose reference is already an offer's updates that offer (its logo and expiry are kept); lines without
 * a reference are new offers. The search's totals are forgotten after the write.
 */
export async function importOffers(
  db: Db,
  input: { bytes: Uint8Array; dryRun: boolean; lang: Language; now?: Date },
): Promise<OfferImportResponse> {
  const { header, data } = readFile(input.bytes, input.lang);
  const { offers, errors } = checkLines(header, data, input.lang, parisDay(input.now ?? new Date()));
  const refs = offers.flatMap((o) => (o.ref ? [o.ref] : []));
  const existing = await findOfferIdsByRef(db, refs);
  const updated = refs.filter((ref) => existing.has(ref)).length;
  if (errors.length > 0) return { rows: data.length, imported: 0, updated: 0, errors };
  if (input.dryRun) return { rows: data.length, imported: 0, updated, errors };
  await db.transaction(async (tx) => {
    for (const offer of offers) {
      const { logo: _logo, ...row } = offerRow(offer.body);
      const id = offer.ref ? existing.get(offer.ref) : undefined;
      if (id !== undefined) await updateOffer(tx, id, row);
      else await insertOffer(tx, { ...row, logo: null, externalRef: offer.ref ?? null });
    }
  });
  forgetOfferSearches(db);
  return { rows: data.length, imported: offers.length, updated, errors };
}
