import { describe, expect, it } from 'vitest';
import { addressSearchPayload, mapAddressSearch, mapCommuneSearch } from './address-adapter.ts';
import { companySearchPayload, mapCompanySearch, typeEmployeurOf } from './company-adapter.ts';
import {
  addressSamples,
  communeSamples,
  companySamples,
  sampleAddressQueries,
  sampleCodesPostaux,
  sampleSirets,
} from './directory-samples.ts';
import { LruCache } from './lookup-cache.ts';

const company = (siret: string) => mapCompanySearch(companySearchPayload.parse(companySamples[siret]), siret);

describe('company directory mapping', () => {
  it('maps an establishment found as the siège, address spelled out from its fields', () => {
    expect(company(sampleSirets.siege)).toEqual({
      siret: sampleSirets.siege,
      siren: '812345676',
      denomination: 'ATELIER BOIS ET FORME',
      enseigne: 'ABF STUDIO',
      adresse: {
        numeroVoie: '12 BIS',
        voie: 'RUE DE LA PAIX',
        complement: null,
        codePostal: '75002',
        commune: 'PARIS',
      },
      codeNaf: '62.01Z',
      effectif: '20 à 49 salariés',
      idccs: ['1486'],
      etatAdministratif: 'A',
      categorieJuridique: '5710',
      typeEmployeur: '12',
    });
  });

  it('maps a secondary establishment from its one-line address, IDCC taken from the siège and padded', () => {
    expect(company(sampleSirets.secondary)).toEqual({
      siret: sampleSirets.secondary,
      siren: '775684434',
      denomination: 'ASSOCIATION LES AMIS DU RHONE',
      enseigne: 'CENTRE DE FORMATION DU RHONE',
      adresse: {
        numeroVoie: '3 BIS',
        voie: 'AVENUE JEAN JAURES',
        complement: 'BATIMENT C',
        codePostal: '69007',
        commune: 'LYON',
      },
      codeNaf: '85.59A',
      effectif: '6 à 9 salariés',
      idccs: ['0016'],
      etatAdministratif: 'A',
      categorieJuridique: '9220',
      typeEmployeur: '15',
    });
  });

  it('keeps a closed establishment, flagged F', () => {
    const closed = company(sampleSirets.closed);
    expect(closed).toMatchObject({
      etatAdministratif: 'F',
      enseigne: 'AU BON PAIN',
      adresse: { numeroVoie: '4', voie: 'RUE DES FORGES', complement: null, codePostal: '21000', commune: 'DIJON' },
      idccs: ['0843'],
      effectif: null,
      typeEmployeur: '12',
    });
  });

  it('leaves the employer type open for a sole trader and uses the full name', () => {
    expect(company(sampleSirets.soleTrader)).toMatchObject({
      denomination: 'MARIE DURAND',
      enseigne: 'COIFFURE MARIE',
      adresse: { numeroVoie: null, voie: 'LIEU-DIT LE MOULIN', codePostal: '33720', commune: 'PODENSAC' },
      effectif: 'Unité non employeuse',
      idccs: [],
      categorieJuridique: '1000',
      typeEmployeur: null,
    });
  });

  it('finds nothing when no establishment has exactly this SIRET', () => {
    expect(company(sampleSirets.unknown)).toBeNull();
    const payload = companySearchPayload.parse(companySamples[sampleSirets.siege]);
    expect(mapCompanySearch(payload, sampleSirets.secondary)).toBeNull();
  });

  it('derives the private employer type from the legal form (DOMAIN 1.10 examples)', () => {
    expect(typeEmployeurOf('5710')).toBe('12');
    expect(typeEmployeurOf('5432')).toBe('13');
    expect(typeEmployeurOf('6521')).toBe('14');
    expect(typeEmployeurOf('9220')).toBe('15');
    expect(typeEmployeurOf('4110')).toBe('16');
    expect(typeEmployeurOf('7210')).toBeNull();
    expect(typeEmployeurOf(null)).toBeNull();
  });

  it('rejects an answer without a results list', () => {
    expect(companySearchPayload.safeParse({ erreur: 'oops' }).success).toBe(false);
  });
});

describe('address directory mapping', () => {
  it('maps a house number, a street and a commune', () => {
    const payload = addressSearchPayload.parse(addressSamples[sampleAddressQueries.found]);
    expect(mapAddressSearch(payload)).toEqual([
      {
        label: '8 Boulevard du Port 80000 Amiens',
        numeroVoie: '8',
        voie: 'Boulevard du Port',
        codePostal: '80000',
        commune: 'Amiens',
        codeInsee: '80021',
      },
      {
        label: 'Boulevard du Port 14000 Caen',
        numeroVoie: null,
        voie: 'Boulevard du Port',
        codePostal: '14000',
        commune: 'Caen',
        codeInsee: '14118',
      },
      {
        label: 'Port-Jérôme-sur-Seine',
        numeroVoie: null,
        voie: null,
        codePostal: '76170',
        commune: 'Port-Jérôme-sur-Seine',
        codeInsee: '76476',
      },
    ]);
  });

  it('maps no feature to no suggestion', () => {
    expect(mapAddressSearch(addressSearchPayload.parse(addressSamples[sampleAddressQueries.none]))).toEqual([]);
  });

  it('lists the communes of a postcode once each, without those of another postcode', () => {
    const payload = addressSearchPayload.parse(communeSamples[sampleCodesPostaux.found]);
    expect(mapCommuneSearch(payload, '01400')).toEqual([
      { commune: 'Châtillon-sur-Chalaronne', codeInsee: '01093', codePostal: '01400' },
      { commune: "L'Abergement-Clémenciat", codeInsee: '01001', codePostal: '01400' },
      { commune: 'Sulignat', codeInsee: '01413', codePostal: '01400' },
    ]);
  });
});

describe('LruCache', () => {
  it('forgets entries past their time to live, and tells a cached null from a miss', () => {
    let now = 0;
    const cache = new LruCache<string | null>({ maxEntries: 10, ttlMs: 1000, now: () => now });
    cache.set('a', null);
    expect(cache.get('a')).toEqual({ value: null });
    expect(cache.get('b')).toBeUndefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new LruCache<number>({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toEqual({ value: 1 });
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ value: 1 });
    expect(cache.get('c')).toEqual({ value: 3 });
    expect(cache.size).toBe(2);
  });
});
