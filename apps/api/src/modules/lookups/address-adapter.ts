import type { AddressSuggestion, CommuneSuggestion } from '@passerelle/contract';
import { z } from 'zod';
import { endpoint, getJson } from './lookup-http.ts';

// ---------- The directory's answer (Géoplateforme geocoder, formerly api-adresse.data.gouv.fr: GET /search, GeoJSON) ----------

const text = z.string().nullish();

const feature = z.object({
  properties: z.object({
    label: z.string(),
    /** housenumber, street, locality or municipality. */
    type: text,
    name: text,
    housenumber: text,
    street: text,
    postcode: text,
    citycode: text,
    city: text,
  }),
});

export const addressSearchPayload = z.object({ features: z.array(feature) });
export type AddressSearchPayload = z.infer<typeof addressSearchPayload>;

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

/** One suggestion per feature; a street or a locality has no number, a commune has no street. */
export function mapAddressSearch(payload: AddressSearchPayload): AddressSuggestion[] {
  return payload.features.map(({ properties: p }) => {
    const namesAWay = p.type === 'street' || p.type === 'locality';
    return {
      label: p.label,
      numeroVoie: clean(p.housenumber),
      voie: clean(p.street) ?? (namesAWay ? clean(p.name) : null),
      codePostal: clean(p.postcode),
      commune: clean(p.city),
      codeInsee: clean(p.citycode),
    };
  });
}

/** The communes of a postcode search, each once, in the directory's order. */
export function mapCommuneSearch(payload: AddressSearchPayload, codePostal: string): CommuneSuggestion[] {
  const seen = new Set<string>();
  const communes: CommuneSuggestion[] = [];
  for (const { properties: p } of payload.features) {
    const commune = clean(p.city) ?? clean(p.name);
    const codeInsee = clean(p.citycode);
    if (!commune || !codeInsee || seen.has(codeInsee)) continue;
    // A free-text search may also bring communes whose name holds the digits: keep the postcode's own.
    if (p.postcode && p.postcode !== codePostal) continue;
    seen.add(codeInsee);
    communes.push({ commune, codeInsee, codePostal });
  }
  return communes;
}

// ---------- Adapter ----------

export interface AddressDirectory {
  /** Up to 5 suggestions for what is being typed; throws LookupUnavailableError. */
  searchAddresses(query: string): Promise<AddressSuggestion[]>;
  /** The communes a postcode serves; throws LookupUnavailableError. */
  findCommunes(codePostal: string): Promise<CommuneSuggestion[]>;
}

export function createAddressDirectory(options: { baseUrl: string; timeoutMs: number }): AddressDirectory {
  return {
    async searchAddresses(query) {
      const url = endpoint(options.baseUrl, '/search', { q: query, limit: '5', autocomplete: '1' });
      const payload = await getJson(url, addressSearchPayload, options.timeoutMs);
      return mapAddressSearch(payload);
    },
    async findCommunes(codePostal) {
      const url = endpoint(options.baseUrl, '/search', { q: codePostal, type: 'municipality', limit: '20' });
      const payload = await getJson(url, addressSearchPayload, options.timeoutMs);
      return mapCommuneSearch(payload, codePostal);
    },
  };
}
