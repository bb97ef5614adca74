import {
  idccInForce,
  idccKey,
  normalizeNaf,
  referenceTableNames,
  specialIdccs,
  type CommuneSuggestion,
  type IdccEtat,
  type IdccInfo,
  type Language,
  type OpcoCode,
  type ReferenceLookup,
  type ReferenceTableInfo,
  type ReferenceTableName,
} from '@passerelle/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readTogether, type Db, type Tx } from '../../db/client.ts';
import { referenceTables, refIdcc, refIdccOpco, refNaf, refPostcodes, users } from '../../db/schema/index.ts';
import { parseReferenceCsv, type ReferenceRows } from './reference-csv.ts';

/**
 * The reference tables in the database (issue 28): the version the portal ships (reference-data/, see its README) is
 * loaded on first use, once per database, and an admin may replace a table by a newer one, all or nothing. Reads go
 * through an in-process copy of the small tables (IDCC, IDCC -> OPCO, NAF) keyed on their versions, which each read
 * checks in `reference_tables` (four rows): a replacement, by this process or another, is seen at the next read.
 */

interface ShippedTable {
  file: string;
  source: string;
  sourceDate: string;
}

/** The files of reference-data/ and where they come from (README.md there tells how each was made). */
export const shippedTables: Record<ReferenceTableName, ShippedTable> = {
  idcc: {
    file: 'idcc.csv',
    source:
      'Légifrance (KALI, DILA), conventions collectives par IDCC et état juridique, liste de l’outil CERFA de l’État (mission-apprentissage/contrat, shared/constants/idcc.ts, licence MIT ; données Licence Ouverte)',
    sourceDate: '2024-11-12',
  },
  'idcc-opco': {
    file: 'idcc-opco.csv',
    source:
      'Table IDCC → OPCO de l’outil CERFA de l’État (mission-apprentissage/contrat, shared/constants/opcos.ts, licence MIT), d’après la liste des branches par OPCO du ministère du Travail',
    sourceDate: '2024-11-12',
  },
  naf: {
    file: 'naf.csv',
    source:
      'INSEE, nomenclature d’activités française NAF rév. 2 (2008), 732 sous-classes (paquet npm @socialgouv/codes-naf 1.1.1 ; Licence Ouverte)',
    sourceDate: '2026-04-07',
  },
  postcodes: {
    file: 'codes-postaux.csv.gz',
    source:
      'La Poste, base officielle des codes postaux, et INSEE, code officiel géographique 2026 : communes et arrondissements municipaux (paquet npm @etalab/decoupage-administratif 6.0.0 ; Licence Ouverte)',
    sourceDate: '2026-03-09',
  },
};

const dataDir = new URL('./reference-data/', import.meta.url);

function shippedBytes(table: ReferenceTableName): Uint8Array {
  const bytes = readFileSync(new URL(shippedTables[table].file, dataDir));
  return shippedTables[table].file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/** The shipped rows of a table, checked like an upload (a broken file fails the tests, not a person's form). */
export function shippedRows<T extends ReferenceTableName>(table: T): ReferenceRows[T] {
  return parseReferenceCsv(table, shippedBytes(table), { lang: 'en-US', maxBytes: 64 * 1024 * 1024, enforceMinRows: true });
}

/** First key of the advisory lock that serialises the loads of one table (the second: its index). */
const LOAD_LOCK = 28_0022;
/** Rows per INSERT: 3 columns x 2 000 stays far under PostgreSQL's 65 535 parameters. */
const CHUNK = 2000;

async function insertRows<T extends ReferenceTableName>(
  tx: Db | Tx,
  table: T,
  rows: ReferenceRows[T],
  options: { skipExisting?: boolean } = {},
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const insert =
      table === 'idcc'
        ? tx.insert(refIdcc).values(chunk as ReferenceRows['idcc'])
        : table === 'idcc-opco'
          ? tx.insert(refIdccOpco).values(chunk as ReferenceRows['idcc-opco'])
          : table === 'naf'
            ? tx.insert(refNaf).values(chunk as ReferenceRows['naf'])
            : tx.insert(refPostcodes).values(chunk as ReferenceRows['postcodes']);
    await (options.skipExisting ? insert.onConflictDoNothing() : insert);
  }
}

const dataTables = { idcc: refIdcc, 'idcc-opco': refIdccOpco, naf: refNaf, postcodes: refPostcodes } as const;

async function lockTable(tx: Tx, table: ReferenceTableName): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK}::int, ${referenceTableNames.indexOf(table)}::int)`);
}

/** A version of a table the portal ships: its rows (read when needed), source and date. */
export interface ShippedVersion<T extends ReferenceTableName = ReferenceTableName> {
  source: string;
  sourceDate: string;
  rows: () => ReferenceRows[T];
}

function shippedVersion<T extends ReferenceTableName>(table: T): ShippedVersion<T> {
  const { source, sourceDate } = shippedTables[table];
  return { source, sourceDate, rows: () => shippedRows(table) };
}

/** The newer data wins: the shipped version replaces a loaded one (shipped or an admin's) whose data is older. */
const isOutdatedBy = (present: { sourceDate: string } | undefined, shipped: ShippedVersion) =>
  present !== undefined && present.sourceDate < shipped.sourceDate;

async function presentVersion(db: Db | Tx, table: ReferenceTableName) {
  const [present] = await db
    .select({ sourceDate: referenceTables.sourceDate })
    .from(referenceTables)
    .where(eq(referenceTables.name, table));
  return present;
}

/**
 * Loads the shipped version of a table at start or first use: when no version is there, in chunks of their own (on the
 * embedded PGlite, one connection, a 35 000-row transaction would hold every other request, the health check's too,
 * for seconds), rows another process is loading at the same time skipped. When the loaded version's data is older
 * than the shipped one's (a later release, or an admin's file older than what the portal now ships), the shipped one
 * replaces it in one transaction; a version of the same date or newer, an admin's above all, is kept.
 */
export async function loadShippedVersion<T extends ReferenceTableName>(
  db: Db | Tx,
  table: T,
  shipped: ShippedVersion<T> = shippedVersion(table),
): Promise<void> {
  const present = await presentVersion(db, table);
  if (present && !isOutdatedBy(present, shipped)) return;
  const rows = shipped.rows();
  const version = { name: table, source: shipped.source, sourceDate: shipped.sourceDate, rowCount: rows.length, shipped: true };
  if (present) {
    await db.transaction(async (tx) => {
      await lockTable(tx, table);
      // Another process may have replaced it while this one waited for the lock.
      if (!isOutdatedBy(await presentVersion(tx, table), shipped)) return;
      await tx.delete(dataTables[table]);
      await insertRows(tx, table, rows);
      await tx
        .update(referenceTables)
        .set({ ...version, loadedBy: null, loadedAt: new Date() })
        .where(eq(referenceTables.name, table));
    });
    return;
  }
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insertRows(db, table, rows.slice(start, start + CHUNK) as ReferenceRows[T], { skipExisting: true });
  }
  await db.insert(referenceTables).values(version).onConflictDoNothing();
}

const loads = new WeakMap<Db | Tx, Map<ReferenceTableName, Promise<void>>>();

/** Resolves once the table holds a version (the shipped one on first use); one load per process and database. */
export function ensureTable(db: Db | Tx, table: ReferenceTableName): Promise<void> {
  let byTable = loads.get(db);
  if (!byTable) {
    byTable = new Map();
    loads.set(db, byTable);
  }
  let loading = byTable.get(table);
  if (!loading) {
    loading = loadShippedVersion(db, table);
    byTable.set(table, loading);
    // A failed load is tried again at the next use.
    loading.catch(() => byTable.delete(table));
  }
  return loading;
}

/** Every table loaded (at the server's start, so that the first form does not wait for them). */
export async function ensureAllTables(db: Db): Promise<void> {
  for (const table of referenceTableNames) await ensureTable(db, table);
}

// ---------- Admins: versions and replacement ----------

export async function listVersions(db: Db): Promise<ReferenceTableInfo[]> {
  await ensureAllTables(db);
  const rows = await db
    .select({
      name: referenceTables.name,
      source: referenceTables.source,
      sourceDate: referenceTables.sourceDate,
      rowCount: referenceTables.rowCount,
      shipped: referenceTables.shipped,
      loadedAt: referenceTables.loadedAt,
      prenom: users.prenom,
      nom: users.nom,
    })
    .from(referenceTables)
    .leftJoin(users, eq(users.id, referenceTables.loadedBy))
    .orderBy(asc(referenceTables.name));
  const byName = new Map(rows.map((row) => [row.name, row]));
  return referenceTableNames.flatMap((name) => {
    const row = byName.get(name);
    if (!row) return [];
    const who = [row.prenom, row.nom].filter(Boolean).join(' ');
    return [
      {
        name,
        source: row.source,
        sourceDate: row.sourceDate,
        rowCount: row.rowCount,
        loadedAt: row.loadedAt.toISOString(),
        loadedBy: row.shipped ? null : who || null,
        shipped: row.shipped,
      },
    ];
  });
}

/** Replaces a table by the rows of a CSV in one transaction: the old version stays whole when anything fails. */
export async function replaceTable(
  db: Db,
  table: ReferenceTableName,
  input: { bytes: Uint8Array; source: string; sourceDate: string; userId: number; lang: Language; maxBytes: number },
): Promise<void> {
  const rows = parseReferenceCsv(table, input.bytes, { lang: input.lang, maxBytes: input.maxBytes, enforceMinRows: true });
  await ensureTable(db, table);
  await db.transaction(async (tx) => {
    await lockTable(tx, table);
    await tx.delete(dataTables[table]);
    await insertRows(tx, table, rows);
    await tx
      .insert(referenceTables)
      .values({ name: table, source: input.source, sourceDate: input.sourceDate, rowCount: rows.length, shipped: false, loadedBy: input.userId, loadedAt: new Date() })
      .onConflictDoUpdate({
        target: referenceTables.name,
        set: { source: input.source, sourceDate: input.sourceDate, rowCount: rows.length, shipped: false, loadedBy: input.userId, loadedAt: new Date() },
      });
  });
}

// ---------- Reads ----------

/**
 * The copies of the small tables, by their versions (name, date, rows, when loaded: a replacement changes `loaded_at`).
 * Keyed on the versions rather than on a database handle, a transaction reads the copy of its database; the last few
 * are kept (tests run several databases in one process).
 */
const copies = new Map<string, Promise<ReferenceLookup>>();
const COPIES_KEPT = 4;
const copyTables = ['idcc', 'idcc-opco', 'naf'] as const satisfies readonly ReferenceTableName[];

async function versionKey(db: Db | Tx): Promise<string> {
  const rows = await db
    .select({
      name: referenceTables.name,
      sourceDate: referenceTables.sourceDate,
      rowCount: referenceTables.rowCount,
      loadedAt: referenceTables.loadedAt,
    })
    .from(referenceTables)
    .where(inArray(referenceTables.name, [...copyTables]))
    .orderBy(asc(referenceTables.name));
  return rows.map((row) => `${row.name}@${row.sourceDate}/${row.rowCount}/${row.loadedAt.toISOString()}`).join(' ');
}

async function readCopy(db: Db | Tx): Promise<ReferenceLookup> {
  const [idccRows, opcoRows, nafRows] = await readTogether(db, [
    () => db.select().from(refIdcc),
    () => db.select().from(refIdccOpco),
    () => db.select({ code: refNaf.code }).from(refNaf),
  ]);
  const idcc = new Map<string, IdccInfo>(
    idccRows.map((row) => {
      const etat = row.etat as IdccEtat | null;
      const special = (specialIdccs as readonly string[]).includes(row.code);
      return [row.code, { code: row.code, libelle: row.libelle, etat, inForce: !special && idccInForce(etat), special }];
    }),
  );
  const opco = new Map(opcoRows.map((row) => [row.idcc, row.opco as OpcoCode]));
  const naf = new Set(nafRows.map((row) => row.code));
  return {
    idcc: (code) => {
      const key = idccKey(code);
      return key ? idcc.get(key) : undefined;
    },
    nafExists: (code) => {
      const key = normalizeNaf(code);
      return key !== null && naf.has(key);
    },
    opcoOfIdcc: (code) => {
      const key = idccKey(code);
      return key ? opco.get(key) : undefined;
    },
  };
}

/**
 * The IDCC, IDCC -> OPCO and NAF tables as a synchronous `ReferenceLookup`, for the rules: one cheap read of their
 * versions, then the copy of those versions (read once per process). The versions are read before the rows, so that a
 * replacement committed in between leaves a copy under the old key, never old rows under the new one.
 */
export async function loadReferenceLookup(db: Db | Tx): Promise<ReferenceLookup> {
  for (const table of copyTables) await ensureTable(db, table);
  const key = await versionKey(db);
  let copy = copies.get(key);
  if (!copy) {
    copy = readCopy(db);
    copies.set(key, copy);
    copy.catch(() => copies.delete(key));
    while (copies.size > COPIES_KEPT) {
      const oldest = copies.keys().next().value;
      if (oldest === undefined) break;
      copies.delete(oldest);
    }
  }
  return copy;
}

/** The communes a postcode serves, from the postcodes table; [] when it knows none. */
export async function communesOfPostcode(db: Db, codePostal: string): Promise<CommuneSuggestion[]> {
  await ensureTable(db, 'postcodes');
  const rows = await db
    .select({ commune: refPostcodes.commune, codeInsee: refPostcodes.codeInsee })
    .from(refPostcodes)
    .where(eq(refPostcodes.codePostal, codePostal))
    .orderBy(asc(refPostcodes.codeInsee));
  return rows.map((row) => ({ commune: row.commune, codeInsee: row.codeInsee, codePostal }));
}
