import { z } from 'zod';
import { opcoCode, opcos } from './reference/employer.ts';

/**
 * The reference tables the product ships and staff can replace (issue 28): the collective agreements (IDCC) with their
 * legal state, IDCC -> OPCO, the NAF rev. 2 sub-classes and the French postcodes -> communes. Each version is stored
 * with where it comes from and its date; the rules read them through a `ReferenceLookup`.
 */

export const referenceTableNames = ['idcc', 'idcc-opco', 'naf', 'postcodes'] as const;
export const referenceTableName = z.enum(referenceTableNames);
export type ReferenceTableName = z.infer<typeof referenceTableName>;

/** Légifrance's legal states of a collective agreement (KALI); `VIGUEUR_ETEN` and `VIGUEUR_NON_ETEN` are in force. */
export const idccEtats = ['VIGUEUR_ETEN', 'VIGUEUR_NON_ETEN', 'MODIFIE', 'REMPLACE', 'PERIME', 'ABROGE', 'DENONCE'] as const;
export const idccEtat = z.enum(idccEtats);
export type IdccEtat = z.infer<typeof idccEtat>;

/** 9998 (agreement being negotiated) and 9999 (no agreement): codes of the CERFA, not agreements (DOMAIN 1.9). */
export const specialIdccs = ['9998', '9999'] as const;

/** An IDCC as typed (`16`, `0016`, ` 16 `) on 4 digits, the tables' key; null when it is no IDCC (1 to 4 digits, not 0000). */
export function idccKey(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? '';
  return /^\d{1,4}$/.test(trimmed) && Number(trimmed) > 0 ? trimmed.padStart(4, '0') : null;
}

/** A NAF rev. 2 sub-class as typed (`6201Z`, `62.01z`) in INSEE's form `62.01Z`; null when it has not that shape. */
export function normalizeNaf(code: string | null | undefined): string | null {
  const match = /^(\d{2})\.?(\d{2})([A-Za-z])$/.exec(code?.trim() ?? '');
  return match ? `${match[1]}.${match[2]}${(match[3] ?? '').toUpperCase()}` : null;
}

/** One collective agreement of the IDCC table. */
export interface IdccInfo {
  code: string;
  libelle: string;
  /** Légifrance's state; null when Légifrance lists none (regional agreements, statutes): the CERFA tool accepts them. */
  etat: IdccEtat | null;
  /** In force: extended or not, or of unknown state; false when abrogated, denounced, lapsed, replaced or modified. */
  inForce: boolean;
  /** 9998 or 9999. */
  special: boolean;
}

/** In force as the State's CERFA tool judges it: an in-force state, or no state known. */
export function idccInForce(etat: IdccEtat | null): boolean {
  return etat === null || etat === 'VIGUEUR_ETEN' || etat === 'VIGUEUR_NON_ETEN';
}

/**
 * What the rules read of the reference tables (checks #20 and #21 of the State's tool, FILING.md), synchronously: the
 * API loads the tables once (lookups service, `loadReferenceLookup`) and hands this to the rule functions. Codes are
 * taken as typed and normalised here.
 */
export interface ReferenceLookup {
  /** The agreement of this IDCC, undefined when the table does not know it. */
  idcc(code: string): IdccInfo | undefined;
  /** Whether this NAF rev. 2 sub-class exists (`62.01Z` or `6201Z`). */
  nafExists(code: string): boolean;
  /** The OPCO of this IDCC, undefined when the table names none. */
  opcoOfIdcc(code: string): OpcoCode | undefined;
}

export type OpcoCode = z.infer<typeof opcoCode>;
export const opcoCodes = opcos.map((opco) => opco.code);

// ---------- GET /lookups/idcc/:code ----------

export const idccLookupParams = z.object({ code: z.string().max(8) });

export const idccLookupResponse = z.object({
  code: z.string(),
  libelle: z.string(),
  etat: idccEtat.nullable(),
  inForce: z.boolean(),
  special: z.boolean(),
  /** The OPCO the IDCC -> OPCO table gives; null when it gives none (the employer chooses it then). */
  opco: opcoCode.nullable(),
});
export type IdccLookupResponse = z.infer<typeof idccLookupResponse>;

// ---------- Back office: the tables' versions ----------

export const referenceTableInfo = z.object({
  name: referenceTableName,
  /** Where the rows come from, as the person who loaded them wrote it. */
  source: z.string(),
  /** The date of the data (its publication or extraction), not of the upload. */
  sourceDate: z.iso.date(),
  rowCount: z.number().int(),
  loadedAt: z.iso.datetime({ offset: true }),
  /** Who loaded it; null for the version the portal shipped with. */
  loadedBy: z.string().nullable(),
  shipped: z.boolean(),
});
export type ReferenceTableInfo = z.infer<typeof referenceTableInfo>;
export const referenceTablesResponse = z.array(referenceTableInfo);
export type ReferenceTablesResponse = z.infer<typeof referenceTablesResponse>;

export const referenceTableParams = z.object({ table: referenceTableName });

/** Largest file an admin may load (the postcodes' CSV is about 1 MB). */
export const REFERENCE_TABLE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Fewest rows a new version may hold: a file cut short, or of another table, would otherwise empty the look-ups. About
 * half of the shipped versions (786 agreements, 330 IDCC -> OPCO, 732 NAF sub-classes, 35 539 postcode-commune pairs).
 */
export const referenceTableMinRows: Record<ReferenceTableName, number> = {
  idcc: 400,
  'idcc-opco': 150,
  naf: 600,
  postcodes: 20_000,
};

/** The text fields sent with the file. */
export const referenceTableUploadFields = z.object({
  source: z.string().trim().min(3, 'reference.source_required').max(300),
  sourceDate: z.iso.date('reference.source_date_format'),
});

// ---------- SMIC freshness ----------

/** The back office warns when the latest SMIC value is older than this (issue 28). */
export const SMIC_STALE_AFTER_MONTHS = 12;

export const smicFreshnessResponse = z.object({
  latestValidFrom: z.iso.date().nullable(),
  /** More than SMIC_STALE_AFTER_MONTHS months before today (Paris time): the SMIC has likely changed since. */
  stale: z.boolean(),
  staleAfterMonths: z.number().int(),
});
export type SmicFreshnessResponse = z.infer<typeof smicFreshnessResponse>;

/** Whether `latest` (YYYY-MM-DD) is more than `months` months before `today` (YYYY-MM-DD). */
export function isSmicStale(latest: string | null, today: string, months = SMIC_STALE_AFTER_MONTHS): boolean {
  if (latest === null) return true;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const limitMonth = y * 12 + (m - 1) - months;
  const limit = `${String(Math.floor(limitMonth / 12)).padStart(4, '0')}-${String((limitMonth % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return latest < limit;
}
