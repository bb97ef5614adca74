import {
  checkSiret,
  isPublicLegalCategory,
  idccKey,
  normalizeSiret,
  ruleError,
  ruleIssuesToErrors,
  type AddressSuggestion,
  type CommuneSuggestion,
  type CompanyLookup,
  type CompanyLookupResponse,
  type IdccLookupResponse,
  referenceLookupsOf,
  type ReferenceLookup,
  type ReferenceLookups,
} from '@passerelle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { createAddressDirectory } from './address-adapter.ts';
import { createCompanyDirectory } from './company-adapter.ts';
import { LruCache } from './lookup-cache.ts';
import { LookupUnavailableError } from './lookup-http.ts';
import { findAnswer, saveAnswer, type LookupKind } from './lookup-store.ts';
import { communesOfPostcode, loadReferenceLookup } from './reference-tables.ts';

export { ensureAllTables, listVersions, loadReferenceLookup, replaceTable } from './reference-tables.ts';
export { purgeAnswers } from './lookup-store.ts';

/**
 * For the State tool's checks #20 and #21 (rule functions taking a `ReferenceLookup`): the agreement of an IDCC with its
 * legal state (`inForce`, `special` for 9998/9999), undefined when unknown.
 */
export async function idccState(db: Db, code: string) {
  return (await loadReferenceLookup(db)).idcc(code);
}

/** Whether a NAF rev. 2 sub-class exists (`62.01Z` or `6201Z`). */
export async function nafExists(db: Db, code: string): Promise<boolean> {
  return (await loadReferenceLookup(db)).nafExists(code);
}

/** The OPCO of an IDCC by the IDCC -> OPCO table, undefined when it names none. */
export async function opcoOfIdcc(db: Db, code: string) {
  return (await loadReferenceLookup(db)).opcoOfIdcc(code);
}

export type { ReferenceLookup };

/**
 * The look-ups the sheet rules take (`SheetRulesContext.references`) on the tables loaded in this database: an unknown
 * IDCC or NAF code, an agreement no longer in force, an OPCO other than the IDCC's are refused.
 */
export async function loadRuleReferences(db: Db | Tx): Promise<ReferenceLookups> {
  return referenceLookupsOf(await loadReferenceLookup(db));
}

/** DOMAIN 1.11: the CERFA tool keeps directory answers 10 minutes. */
const cacheTtlMs = 10 * 60 * 1000;
const cacheMaxEntries = 500;

export interface LookupsService {
  getCompany(siret: string): Promise<CompanyLookupResponse>;
  findAddresses(query: string): Promise<AddressSuggestion[]>;
  findCommunes(codePostal: string): Promise<CommuneSuggestion[]>;
  /** GET /lookups/idcc/:code: the agreement, its state and its OPCO; 404 when the table does not know it. */
  getIdcc(code: string): Promise<IdccLookupResponse>;
}

export interface LookupsDeps {
  config: Pick<Config, 'COMPANY_LOOKUP_URL' | 'ADDRESS_LOOKUP_URL' | 'LOOKUP_TIMEOUT_MS'>;
  log: FastifyBaseLogger;
  /** Where the answers are kept across restarts (lookup-store.ts) and the reference tables live. */
  db: Db;
}

const unavailable = (what: string) =>
  new AppError('SERVICE_UNAVAILABLE', `The ${what} is not answering: enter the details by hand`);

/**
 * Look-ups with their caches. One instance per app: the in-memory caches live as long as the process, the answers are
 * also kept in the database (lookup-store.ts). Only answers are cached (found, not found, empty), never a failure, so
 * the next try asks again; when the directory fails, the answer kept in the database is given, if there is one.
 */
export function createLookupsService(deps: LookupsDeps): LookupsService {
  const timeoutMs = deps.config.LOOKUP_TIMEOUT_MS;
  const companies = createCompanyDirectory({ baseUrl: deps.config.COMPANY_LOOKUP_URL, timeoutMs });
  const addresses = createAddressDirectory({ baseUrl: deps.config.ADDRESS_LOOKUP_URL, timeoutMs });
  const companyCache = new LruCache<CompanyLookup | null>({ maxEntries: cacheMaxEntries, ttlMs: cacheTtlMs });
  const addressCache = new LruCache<AddressSuggestion[]>({ maxEntries: cacheMaxEntries, ttlMs: cacheTtlMs });
  const communeCache = new LruCache<CommuneSuggestion[]>({ maxEntries: cacheMaxEntries, ttlMs: cacheTtlMs });

  /**
   * Asks the directory once per key and TTL and keeps its answer; when it fails, the kept answer stands in for it. A
   * failure is logged by service and reason only (the key may be an address).
   */
  async function cached<V>(cache: LruCache<V>, kind: LookupKind, key: string, service: string, ask: () => Promise<V>): Promise<V> {
    const hit = cache.get(key);
    if (hit) return hit.value;
    try {
      const value = await ask();
      cache.set(key, value);
      await saveAnswer(deps.db, kind, key, value);
      return value;
    } catch (error) {
      if (!(error instanceof LookupUnavailableError)) throw error;
      const kept = await findAnswer<V>(deps.db, kind, key);
      deps.log.warn(
        { lookup: service, reason: error.reason, status: error.status, answeredFromStore: Boolean(kept) },
        'directory look-up failed',
      );
      if (kept) return kept.value;
      throw unavailable(service);
    }
  }

  return {
    async getCompany(rawSiret) {
      const siret = normalizeSiret(rawSiret);
      const issues = siret === '' ? [ruleError('siret', 'field.required')] : checkSiret(siret, 'siret');
      const errors = ruleIssuesToErrors(issues);
      if (errors) throw validationError(errors, 'This SIRET is not valid');

      const company = await cached(companyCache, 'company', siret, 'company register', () => companies.findBySiret(siret));
      if (!company) {
        throw new AppError('NOT_FOUND', 'No establishment with this SIRET in the company register', {
          siret: ['siret.not_found'],
        });
      }
      // A closed establishment and a public employer (whose contracts go to CELIA) are said; the details still fill in.
      const warnings: CompanyLookupResponse['warnings'] = [];
      if (company.etatAdministratif === 'F')
        warnings.push({ path: 'siret', code: 'siret.inactive', severity: 'warning' });
      if (isPublicLegalCategory(company.categorieJuridique))
        warnings.push({ path: 'siret', code: 'siret.public_employer', severity: 'warning' });
      return { data: company, warnings };
    },

    async findAddresses(query) {
      const key = query.trim().toLowerCase();
      return cached(addressCache, 'address', key, 'address directory', () => addresses.searchAddresses(query.trim()));
    },

    async findCommunes(codePostal) {
      // The postcodes table first (offline); a postcode it does not know yet (a new one) is asked of the directory.
      const known = await communesOfPostcode(deps.db, codePostal);
      if (known.length > 0) return known;
      return cached(communeCache, 'communes', codePostal, 'address directory', () => addresses.findCommunes(codePostal));
    },

    async getIdcc(rawCode) {
      const code = idccKey(rawCode);
      if (!code) throw validationError({ code: ['idcc.format'] }, 'An IDCC has 1 to 4 digits');
      const lookup = await loadReferenceLookup(deps.db);
      const idcc = lookup.idcc(code);
      if (!idcc) throw new AppError('NOT_FOUND', 'No collective agreement with this IDCC', { code: ['idcc.unknown'] });
      return { ...idcc, opco: lookup.opcoOfIdcc(code) ?? null };
    },
  };
}
