import {
  checkSiret,
  isPublicLegalCategory,
  normalizeSiret,
  ruleError,
  ruleIssuesToErrors,
  type AddressSuggestion,
  type CommuneSuggestion,
  type CompanyLookup,
  type CompanyLookupResponse,
} from '@passerelle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { createAddressDirectory } from './address-adapter.ts';
import { createCompanyDirectory } from './company-adapter.ts';
import { LruCache } from './lookup-cache.ts';
import { LookupUnavailableError } from './lookup-http.ts';

/** DOMAIN 1.11: the CERFA tool keeps directory answers 10 minutes. */
const cacheTtlMs = 10 * 60 * 1000;
const cacheMaxEntries = 500;

export interface LookupsService {
  getCompany(siret: string): Promise<CompanyLookupResponse>;
  findAddresses(query: string): Promise<AddressSuggestion[]>;
  findCommunes(codePostal: string): Promise<CommuneSuggestion[]>;
}

export interface LookupsDeps {
  config: Pick<Config, 'COMPANY_LOOKUP_URL' | 'ADDRESS_LOOKUP_URL' | 'LOOKUP_TIMEOUT_MS'>;
  log: FastifyBaseLogger;
}

const unavailable = (what: string) =>
  new AppError('SERVICE_UNAVAILABLE', `The ${what} is not answering: enter the details by hand`);

/**
 * Look-ups with their caches. One instance per app: the caches live as long as the process. Only
 * answers are cached (found, not found, empty), never a failure, so the next try asks again.
 */
export function createLookupsService(deps: LookupsDeps): LookupsService {
  const timeoutMs = deps.config.LOOKUP_TIMEOUT_MS;
  const companies = createCompanyDirectory({ baseUrl: deps.config.COMPANY_LOOKUP_URL, timeoutMs });
  const addresses = createAddressDirectory({ baseUrl: deps.config.ADDRESS_LOOKUP_URL, timeoutMs });
  const companyCache = new LruCache<CompanyLookup | null>({ maxEntries: cacheMaxEntries, ttlMs: cacheTtlMs });
  const addressCache = new LruCache<AddressSuggestion[]>({ maxEntries: cacheMaxEntries, ttlMs: cacheTtlMs });
  const communeCache = new LruCache<CommuneSuggestion[]>({ maxEntries: cacheMaxEntries, ttlMs: cacheTtlMs });

  /** Asks the directory once per key and TTL; a failure is logged by service and reason only (the key may be an address). */
  async function cached<V>(cache: LruCache<V>, key: string, service: string, ask: () => Promise<V>): Promise<V> {
    const hit = cache.get(key);
    if (hit) return hit.value;
    try {
      const value = await ask();
      cache.set(key, value);
      return value;
    } catch (error) {
      if (!(error instanceof LookupUnavailableError)) throw error;
      deps.log.warn({ lookup: service, reason: error.reason, status: error.status }, 'directory look-up failed');
      throw unavailable(service);
    }
  }

  return {
    async getCompany(rawSiret) {
      const siret = normalizeSiret(rawSiret);
      const issues = siret === '' ? [ruleError('siret', 'field.required')] : checkSiret(siret, 'siret');
      const errors = ruleIssuesToErrors(issues);
      if (errors) throw validationError(errors, 'This SIRET is not valid');

      const company = await cached(companyCache, siret, 'company register', () => companies.findBySiret(siret));
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
      return cached(addressCache, key, 'address directory', () => addresses.searchAddresses(query.trim()));
    },

    async findCommunes(codePostal) {
      return cached(communeCache, codePostal, 'address directory', () => addresses.findCommunes(codePostal));
    },
  };
}
