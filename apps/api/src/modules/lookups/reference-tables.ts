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
import { and, asc, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Db, Tx } from '../../db/client.ts';
import { referenceTables, refIdcc, refIdccOpco, refNaf, refPostcodes, users } from '../../db/schema/index.ts';
import { parseReferenceCsv, type ReferenceRows } from './reference-csv.ts';

/**
 * The reference tables in the database (issue 28): the version the portal ships (reference-data/, see its README) is
 * loaded on first use, once per database, and an admin may replace a table by a newer one, all or nothing. Reads go
 * through one in-process copy of the small tables (IDCC, IDCC -> OPCO, NAF), dropped when a table is replaced here;
 * another API process sees a replacement within LOOKUP_REFRESH_MS.
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

/**
 * Loads the shipped version of a table unless a version is there: a first load in chunks of their own (on the embedded
 * PGlite, one connection, a 35 000-row transaction would hold every other request, the health check's too, for
 * seconds); rows another process is loading at the same time are skipped. A newer shipped version (a later release)
 * replaces an older shipped one in one transaction; a version an admin loaded is never touched.
 */
async function loadShipped(db: Db, table: ReferenceTableName): Promise<void> {
  const shipped = shippedTables[table];
  const [present] = await db
    .select({ shipped: referenceTables.shipped, sourceDate: referenceTables.sourceDate })
    .from(referenceTables)
    .where(eq(referenceTables.name, table));
  if (present && (!present.shipped || present.sourceDate >= shipped.sourceDate)) return;
  const rows = shippedRows(table);
  const version = { name: table, source: shipped.source, sourceDate: shipped.sourceDate, rowCount: rows.length, shipped: true };
  if (present) {
    await db.transaction(async (tx) => {
      await lockTable(tx, table);
      await tx.delete(dataTables[table]);
      await insertRows(tx, table, rows);
      await tx
        .update(referenceTables)
        .set({ ...version, loadedBy: null, loadedAt: new Date() })
        .where(and(eq(referenceTables.name, table), eq(referenceTables.shipped, true)));
    });
    dropCopies(db);
    return;
  }
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insertRows(db, table, rows.slice(start, start + CHUNK), { skipExisting: true });
  }
  await db.insert(referenceTables).values(version).onConflictDoNothing();
}

const loads = new WeakMap<Db, Map<ReferenceTableName, Promise<void>>>();

/** Resolves once the table holds a version (the shipped one on first use); one load per process and database. */
export function ensureTable(db: Db, table: ReferenceTableName): Promise<void> {
  let byTable = loads.get(db);
  if (!byTable) {
    byTable = new Map();
    loads.set(db, byTable);
  }
  let loading = byTable.get(table);
  if (!loading) {
    loading = loadShipped(db, table);
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
  dropCopies(db);
}

// ---------- Reads ----------

/** How long another process's replacement may go unseen by this one. */
const LOOKUP_REFRESH_MS = 60_000;

interface Copy {
  lookup: ReferenceLookup;
  loadedAt: number;
}
const copies = new WeakMap<Db, Promise<Copy>>();

function dropCopies(db: Db): void {
  copies.delete(db);
}

async function readCopy(db: Db): Promise<Copy> {
  await Promise.all([ensureTable(db, 'idcc'), ensureTable(db, 'idcc-opco'), ensureTable(db, 'naf')]);
  const [idccRows, opcoRows, nafRows] = await Promise.all([
    db.select().from(refIdcc),
    db.select().from(refIdccOpco),
    db.select({ code: refNaf.code }).from(refNaf),
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
    loadedAt: Date.now(),
    lookup: {
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
    },
  };
}

/** The IDCC, IDCC -> OPCO and NAF tables as a synchronous `ReferenceLookup`, for the rules. */
export async function loadReferenceLookup(db: Db): Promise<ReferenceLookup> {
  let copy = copies.get(db);
  if (copy) {
    const settled = await copy.catch(() => undefined);
    if (!settled || Date.now() - settled.loadedAt > LOOKUP_REFRESH_MS) copy = undefined;
  }
  if (!copy) {
    copy = readCopy(db);
    copies.set(db, copy);
    copy.catch(() => copies.delete(db));
  }
  return (await copy).lookup;
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
