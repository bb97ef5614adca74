import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { todayIso, type CerfaEditionCode } from '@passerelle/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { DataKeys } from '../../lib/crypto.ts';
import type { Storage } from '../../db/storage.ts';
import { discardFileBytes, insertFileRow, putFileBytes, type PreparedFile } from '../files/files.service.ts';
import { readContractSources } from '../sheets/sheets.service.ts';
import type { CerfaEdition } from './cerfa-10103-12.fields.ts';
import { pinOf, pinProblems, templateEditions, type CerfaTemplateState } from './cerfa-editions.ts';
import type { SignatureArea } from './cerfa-fill.ts';
import {
  buildContractModel,
  type CfaIdentity,
  type ContractKind,
  type ContractModel,
  type MissingField,
} from './contract-data.ts';
import { fileStem } from './format.ts';
import type { DrawnDocument } from './other-documents.ts';
import * as repo from './documents.repo.ts';
import { cerfaValues } from './values.ts';

// What the other modules need of the documents module (issue 11, "Documents"): build a case's contract documents,
// store them as versions, read the versions (the signing module voids pending signatures of a superseded one).
export { CerfaTemplateError } from './cerfa-template-error.ts';
export type { SignatureArea } from './cerfa-fill.ts';
export { cerfa10103_12, type CerfaEdition, type CerfaFieldMapping } from './cerfa-10103-12.fields.ts';
export { cerfa10103_13, cerfa10103_14 } from './cerfa-10103-14.fields.ts';
export { productTemplatePins, templateEditions, type CerfaTemplateState } from './cerfa-editions.ts';
export type { CfaIdentity, ContractKind, ContractOutlook, MissingField } from './contract-data.ts';
export { contractOutlook, mergeSentSheets } from './contract-data.ts';
export type { ContractDocumentRow } from './documents.repo.ts';

export const documentKinds = ['cerfa', 'convention', 'mandate', 'annex'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export interface ContractDocument {
  kind: DocumentKind;
  fileName: string;
  bytes: Uint8Array;
  /** SHA-256 of `bytes`, hex: what a signer consents to. */
  sha256: string;
  pages: number;
  /** The CERFA edition (`10103*14`, `12434*04`); null for the other documents. */
  edition: string | null;
  /** The CERFA only: drawn by the product (a trial copy, its margin says so), or an official template filled. */
  source?: 'drawn' | 'template';
  /** The CERFA from a template only: the SHA-256 of the official blank form filled (pinned). */
  templateSha256?: string;
  /** The CERFA from a template only: where its signature fields are (the signing stamps go there). */
  signatureAreas?: SignatureArea[];
}

export interface ContractDocuments {
  dossierId: number;
  typeContrat: ContractKind;
  documents: ContractDocument[];
  /**
   * The annex's blocking content: while not empty, preparing the contract is refused unless staff override it with a
   * reason (the staff action enforces it).
   */
  missing: MissingField[];
  /** Shown in the annex, not blocking. */
  warnings: MissingField[];
}

export interface ContractDocumentsOptions {
  /** Config CERFA_TEMPLATES_DIR: an official blank CERFA there (per edition's file name) is filled instead of drawn. */
  templatesDir?: string | undefined;
  /** Config CERFA_TEMPLATE_SHA256: each edition's pinned file hash, over the product's own pins. */
  templatePins?: Partial<Record<string, string>> | undefined;
  /** The CFA responsible (name, UAI, SIRET, address): the schools table holds only a name. */
  cfa?: CfaIdentity | undefined;
  /** Config SHORT_CONTRACT_MONTHS, for the same warnings as the sheets. */
  shortContractMonths?: number | undefined;
  /** The generation time (tests fix it). */
  now?: Date;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface TemplateFile {
  edition: CerfaEdition;
  bytes: Uint8Array;
  sha256: string;
  /** The file's hash not pinned, or not the pinned one: the fill refuses it with these. */
  pinProblems: string[];
}

/** The official blank form of `code` in the templates folder, with its hash checked against the pins; none there. */
async function templateFor(
  templatesDir: string | undefined,
  pins: ContractDocumentsOptions['templatePins'],
  code: CerfaEditionCode,
): Promise<TemplateFile | undefined> {
  const edition = templateEditions[code];
  if (!templatesDir || !edition) return undefined;
  const path = join(templatesDir, edition.templateFile);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  const bytes = await readFile(path);
  const hash = sha256(bytes);
  return { edition, bytes, sha256: hash, pinProblems: pinProblems(code, hash, pins) };
}

/** The hash of a template file, kept while the file's size and modification time stay the same. */
const hashCache = new Map<string, { mtimeMs: number; size: number; sha256: string }>();

/**
 * Whether the official form of `code` is ready to fill (the case page tells staff): there, and pinned. Reads the file's
 * hash once per change of the file. Whether its fields fit the edition's map is checked when it is filled.
 */
export async function cerfaTemplateState(
  options: Pick<ContractDocumentsOptions, 'templatesDir' | 'templatePins'>,
  code: CerfaEditionCode,
): Promise<CerfaTemplateState> {
  const edition = templateEditions[code];
  if (!edition) return 'unsupported';
  if (!options.templatesDir) return 'missing';
  const path = join(options.templatesDir, edition.templateFile);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) return 'missing';
  let cached = hashCache.get(path);
  if (!cached || cached.mtimeMs !== found.mtimeMs || cached.size !== found.size) {
    cached = { mtimeMs: found.mtimeMs, size: found.size, sha256: sha256(await readFile(path)) };
    hashCache.set(path, cached);
  }
  const problems = pinProblems(code, cached.sha256, options.templatePins);
  if (problems.length === 0) return 'installed';
  return pinOf(code, options.templatePins) ? 'changed' : 'unpinned';
}

/**
 * The PDF code (pdf-lib, fontkit and the drawing of each document: about 400 modules) is loaded when a first contract is
 * prepared, not with the portal: most starts and most requests never draw one.
 */
async function loadDrawing() {
  const [draw, fill, others] = await Promise.all([
    import('./cerfa-draw.ts'),
    import('./cerfa-fill.ts'),
    import('./other-documents.ts'),
  ]);
  return { drawCerfa: draw.drawCerfa, fillCerfaTemplate: fill.fillCerfaTemplate, ...others };
}

/** Loads the drawing and reads its fonts ahead of a first contract (the demo data do it while the database is made). */
export async function prepareDrawing(): Promise<void> {
  await loadDrawing();
  const { loadFonts } = await import('../../lib/pdf-kit.ts');
  await loadFonts();
}

/**
 * The contract documents of a dossier, in French, from its sent sheets, NIR, formation, recorded terms and SMIC table:
 * the CERFA (10103 for an apprenticeship, 12434 for a professionalisation), the training convention, the subrogation
 * mandate when the employer chose subrogation, and the annex of what is missing or invalid when there is any. Throws
 * CerfaTemplateError when the operator's template does not match its edition's field map.
 */
export async function buildContractDocuments(
  db: Db | Tx,
  keys: DataKeys,
  dossierId: number,
  options: ContractDocumentsOptions = {},
): Promise<ContractDocuments> {
  const dossier = await repo.findDossierRow(db, dossierId);
  if (!dossier) throw notFound('Dossier not found');
  const at = options.now ?? new Date();
  const sources = await readContractSources(db, keys, dossier);
  const model = buildContractModel({
    sheets: sources.sheets,
    nir: sources.nir,
    formation: sources.formation,
    terms: sources.terms,
    smicTable: sources.smicTable,
    references: sources.references,
    cfa: options.cfa,
    shortContractMonths: options.shortContractMonths,
    // A contract not concluded yet takes the edition and rules of the day its documents are made (in France).
    today: todayIso('Europe/Paris', at),
  });

  const who =
    fileStem([model.apprenti['nom'], model.apprenti['prenom']].filter((part) => typeof part === 'string').join(' ')) ||
    'alternant';
  const name = (stem: string) => `${stem}-${who}-dossier-${dossierId}.pdf`;
  const documents: ContractDocument[] = [];
  const { drawCerfa, fillCerfaTemplate, drawAnnex, drawConvention, drawMandate } = await loadDrawing();

  // The edition of the contract's conclusion date (decision 0044): its official form when installed, else a trial copy.
  const template = await templateFor(options.templatesDir, options.templatePins, model.edition);
  if (template) {
    const filled = await fillCerfaTemplate(
      template.bytes,
      template.edition,
      cerfaValues(model),
      at,
      template.pinProblems,
    );
    documents.push({
      kind: 'cerfa',
      fileName: name(`cerfa-${template.edition.edition.replace('*', '-')}`),
      bytes: filled.bytes,
      sha256: sha256(filled.bytes),
      pages: filled.pages,
      edition: template.edition.edition,
      source: 'template',
      templateSha256: template.sha256,
      signatureAreas: filled.signatureAreas,
    });
  } else {
    const drawn = await drawCerfa(model, at);
    documents.push({
      kind: 'cerfa',
      fileName: name(`cerfa-${drawn.edition.replace('*', '-')}-exemplaire-essai`),
      bytes: drawn.bytes,
      sha256: sha256(drawn.bytes),
      pages: drawn.pages,
      edition: drawn.edition,
      source: 'drawn',
    });
  }
  const others: [DocumentKind, string, ((from: ContractModel, at: Date) => Promise<DrawnDocument>) | undefined][] = [
    ['convention', 'convention-de-formation', drawConvention],
    ['mandate', 'mandat-de-subrogation', model.subrogation ? drawMandate : undefined],
    [
      'annex',
      'annexe-informations-manquantes',
      model.missing.length > 0 || model.warnings.length > 0 ? drawAnnex : undefined,
    ],
  ];
  for (const [kind, stem, draw] of others) {
    if (!draw) continue;
    const drawn = await draw(model, at);
    documents.push({
      kind,
      fileName: name(stem),
      bytes: drawn.bytes,
      sha256: sha256(drawn.bytes),
      pages: drawn.pages,
      edition: null,
    });
  }
  return { dossierId, typeContrat: model.typeContrat, documents, missing: model.missing, warnings: model.warnings };
}

// ---------- Versions ----------

/** A document whose bytes are in the store, its metadata row still to write (files.service's two-step save). */
export type PreparedContractDocument = Omit<ContractDocument, 'bytes'> & { file: PreparedFile };

/**
 * First step of storing: the bytes go to the files storage before the transaction opens (the database store would
 * otherwise wait on the transaction's own connection). `ownerUserId` is null: the documents belong to the dossier.
 */
export async function prepareDocumentFiles(
  storage: Storage,
  docs: readonly ContractDocument[],
): Promise<PreparedContractDocument[]> {
  return Promise.all(
    docs.map(async ({ bytes, ...doc }) => ({
      ...doc,
      file: await putFileBytes(storage, {
        ownerUserId: null,
        kind: `contract-${doc.kind}`,
        filename: doc.fileName,
        contentType: 'application/pdf',
        bytes,
      }),
    })),
  );
}

/** After a failed transaction: removes the bytes prepareDocumentFiles stored (best effort, as files.service does). */
export async function discardPreparedDocuments(
  storage: Storage,
  prepared: readonly PreparedContractDocument[],
): Promise<void> {
  await discardFileBytes(
    storage,
    prepared.map((doc) => doc.file.storageKey),
  );
}

/**
 * Stores a generation of the dossier's documents as new versions, in the caller's transaction: the file rows, then a
 * version per document (its number follows the kind's last), and every version current until now superseded
 * (`superseded_at`, which makes its pending signatures unavailable) — of the same kinds, and of kinds this generation
 * no longer holds (a mandate after subrogation was dropped, an annex once nothing is missing).
 */
export async function storeDocumentVersions(
  tx: Tx,
  dossierId: number,
  docs: readonly PreparedContractDocument[],
  userId: number | null,
): Promise<{ stored: repo.ContractDocumentRow[]; superseded: repo.ContractDocumentRow[] }> {
  const at = new Date();
  const versions = await repo.nextVersions(tx, dossierId);
  const superseded = await repo.supersedeCurrent(tx, dossierId, at);
  const rows = [];
  for (const doc of docs) {
    const file = await insertFileRow(tx, doc.file);
    if (file.sha256 !== doc.sha256) throw new Error(`stored bytes of ${doc.fileName} do not match their hash`);
    rows.push({
      dossierId,
      kind: doc.kind,
      version: versions.get(doc.kind) ?? 1,
      fileId: file.id,
      sha256: doc.sha256,
      edition: doc.edition,
      pages: doc.pages,
      createdAt: at,
      createdBy: userId,
    });
  }
  return { stored: await repo.insertVersions(tx, rows), superseded };
}

/** The dossier's document versions, oldest first per kind; `currentOnly` leaves out the superseded ones. */
export async function findDocumentVersions(
  db: Db | Tx,
  dossierId: number,
  options: { currentOnly?: boolean } = {},
): Promise<repo.ContractDocumentRow[]> {
  return repo.findVersions(db, dossierId, options);
}

/** One version by id (the signing module checks `supersededAt` before accepting a signature). */
export async function findDocumentVersion(db: Db | Tx, id: number): Promise<repo.ContractDocumentRow | undefined> {
  return repo.findVersion(db, id);
}
