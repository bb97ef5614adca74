/**
 * Test support only (imported by *.test.ts): answers written by hand after the documented shapes of
 * recherche-entreprises.api.gouv.fr `/search` and api-adresse.data.gouv.fr `/search/`, trimmed to
 * a realistic subset of their fields. Companies and people are made up; the SIRETs pass the checksum.
 */

export const sampleSirets = {
  /** SAS, found through its siège (address split in fields). */
  siege: '81234567600017',
  /** Association, found through a secondary establishment (one-line address only). */
  secondary: '77568443400043',
  secondarySiege: '77568443400027',
  /** SARL whose establishment is closed. */
  closed: '44306184100039',
  /** A commune (legal category 7210): a public employer, whose contracts go to CELIA. */
  publicEmployer: '21300000300011',
  /** Sole trader, used by the cache test. */
  soleTrader: '50012345000016',
  /** Unknown to the directory: an empty result list. */
  unknown: '90123456700013',
  /** The fake directory answers 500, 429, or never, for these. */
  serverError: '90123457500016',
  rateLimited: '90123458300010',
  hanging: '90123459100013',
  /** The fake directory answers 404 (as behind a wrong base URL), or a 200 of another shape. */
  wrongPath: '90123460900013',
  badPayload: '90123470800013',
} as const;

const page = (results: unknown[]) => ({
  results,
  total_results: results.length,
  page: 1,
  per_page: 1,
  total_pages: results.length === 0 ? 0 : 1,
});

export const companySamples: Record<string, unknown> = {
  [sampleSirets.siege]: page([
    {
      siren: '812345676',
      nom_complet: 'ATELIER BOIS ET FORME (ABF)',
      nom_raison_sociale: 'ATELIER BOIS ET FORME',
      sigle: 'ABF',
      nombre_etablissements: 2,
      nombre_etablissements_ouverts: 2,
      activite_principale: '62.01Z',
      categorie_entreprise: 'PME',
      date_creation: '2015-06-01',
      etat_administratif: 'A',
      nature_juridique: '5710',
      section_activite_principale: 'J',
      tranche_effectif_salarie: '12',
      annee_tranche_effectif_salarie: '2022',
      siege: {
        activite_principale: '62.01Z',
        adresse: '12 B RUE DE LA PAIX 75002 PARIS',
        cedex: null,
        code_pays_etranger: null,
        code_postal: '75002',
        commune: '75102',
        complement_adresse: null,
        date_creation: '2015-06-01',
        departement: '75',
        est_siege: true,
        etat_administratif: 'A',
        indice_repetition: 'B',
        latitude: '48.869',
        libelle_commune: 'PARIS',
        libelle_voie: 'DE LA PAIX',
        liste_enseignes: ['ABF STUDIO'],
        liste_idcc: ['1486'],
        longitude: '2.331',
        nom_commercial: null,
        numero_voie: '12',
        region: '11',
        siret: '81234567600017',
        tranche_effectif_salarie: '11',
        type_voie: 'RUE',
      },
      matching_etablissements: [
        {
          activite_principale: '62.01Z',
          adresse: '12 B RUE DE LA PAIX 75002 PARIS',
          code_postal: '75002',
          commune: '75102',
          est_siege: true,
          etat_administratif: 'A',
          libelle_commune: 'PARIS',
          liste_enseignes: ['ABF STUDIO'],
          liste_idcc: ['1486'],
          siret: '81234567600017',
          tranche_effectif_salarie: '11',
        },
      ],
      complements: { est_entrepreneur_individuel: false, est_ess: false },
    },
  ]),
  [sampleSirets.secondary]: page([
    {
      siren: '775684434',
      nom_complet: 'ASSOCIATION LES AMIS DU RHONE',
      nom_raison_sociale: 'ASSOCIATION LES AMIS DU RHONE',
      activite_principale: '94.99Z',
      etat_administratif: 'A',
      nature_juridique: '9220',
      tranche_effectif_salarie: '03',
      siege: {
        activite_principale: '94.99Z',
        adresse: '1 PLACE BELLECOUR 69002 LYON',
        code_postal: '69002',
        complement_adresse: null,
        etat_administratif: 'A',
        indice_repetition: null,
        libelle_commune: 'LYON',
        libelle_voie: 'BELLECOUR',
        liste_enseignes: null,
        liste_idcc: ['16'],
        numero_voie: '1',
        siret: '77568443400027',
        type_voie: 'PL',
      },
      matching_etablissements: [
        {
          activite_principale: '85.59A',
          adresse: 'BATIMENT C 3 BIS AVENUE JEAN JAURES 69007 LYON',
          code_postal: '69007',
          complement_adresse: 'BATIMENT C',
          est_siege: false,
          etat_administratif: 'A',
          libelle_commune: 'LYON',
          liste_enseignes: null,
          liste_idcc: null,
          nom_commercial: 'CENTRE DE FORMATION DU RHONE',
          siret: '77568443400043',
          tranche_effectif_salarie: '02',
        },
      ],
    },
  ]),
  [sampleSirets.closed]: page([
    {
      siren: '443061841',
      nom_complet: 'BOULANGERIE MARTIN',
      nom_raison_sociale: 'BOULANGERIE MARTIN',
      activite_principale: '10.71C',
      etat_administratif: 'A',
      nature_juridique: '5499',
      tranche_effectif_salarie: null,
      siege: {
        siret: '44306184100021',
        adresse: '8 GRANDE RUE 21000 DIJON',
        code_postal: '21000',
        libelle_commune: 'DIJON',
        numero_voie: '8',
        type_voie: 'GR',
        libelle_voie: null,
        etat_administratif: 'A',
        liste_idcc: ['843'],
      },
      matching_etablissements: [
        {
          activite_principale: '10.71C',
          adresse: '4 RUE DES FORGES 21000 DIJON',
          code_postal: '21000',
          date_fermeture: '2023-12-31',
          est_siege: false,
          etat_administratif: 'F',
          libelle_commune: 'DIJON',
          liste_enseignes: ['AU BON PAIN'],
          liste_idcc: ['843'],
          siret: '44306184100039',
        },
      ],
    },
  ]),
  [sampleSirets.publicEmployer]: page([
    {
      siren: '213000003',
      nom_complet: 'COMMUNE DE SAINT-EXEMPLE',
      nom_raison_sociale: 'COMMUNE DE SAINT-EXEMPLE',
      activite_principale: '84.11Z',
      etat_administratif: 'A',
      nature_juridique: '7210',
      tranche_effectif_salarie: '21',
      siege: {
        siret: '21300000300011',
        adresse: '1 PLACE DE LA MAIRIE 30000 SAINT-EXEMPLE',
        code_postal: '30000',
        libelle_commune: 'SAINT-EXEMPLE',
        numero_voie: '1',
        type_voie: 'PL',
        libelle_voie: 'DE LA MAIRIE',
        etat_administratif: 'A',
        liste_idcc: null,
      },
      matching_etablissements: [
        {
          activite_principale: '84.11Z',
          adresse: '1 PLACE DE LA MAIRIE 30000 SAINT-EXEMPLE',
          code_postal: '30000',
          est_siege: true,
          etat_administratif: 'A',
          libelle_commune: 'SAINT-EXEMPLE',
          liste_idcc: null,
          siret: '21300000300011',
        },
      ],
    },
  ]),
  [sampleSirets.soleTrader]: page([
    {
      siren: '500123450',
      nom_complet: 'MARIE DURAND',
      nom_raison_sociale: null,
      activite_principale: '96.02A',
      etat_administratif: 'A',
      nature_juridique: '1000',
      tranche_effectif_salarie: 'NN',
      siege: {
        siret: '50012345000016',
        adresse: 'LIEU DIT LE MOULIN 33720 PODENSAC',
        code_postal: '33720',
        complement_adresse: null,
        libelle_commune: 'PODENSAC',
        numero_voie: null,
        type_voie: 'LD',
        libelle_voie: 'LE MOULIN',
        etat_administratif: 'A',
        liste_idcc: [],
        liste_enseignes: null,
        nom_commercial: 'COIFFURE MARIE',
      },
      matching_etablissements: [],
    },
  ]),
  [sampleSirets.unknown]: page([]),
};

const featureCollection = (query: string, features: unknown[]) => ({
  type: 'FeatureCollection',
  version: 'draft',
  features,
  attribution: 'BAN',
  licence: 'ETALAB-2.0',
  query,
  limit: 5,
});

const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });

export const sampleAddressQueries = {
  found: '8 bd du port',
  none: 'zzz introuvable',
  serverError: 'panne serveur',
  hanging: 'rue qui ne repond pas',
} as const;

export const addressSamples: Record<string, unknown> = {
  [sampleAddressQueries.found]: featureCollection(sampleAddressQueries.found, [
    {
      type: 'Feature',
      geometry: point(2.29, 49.89),
      properties: {
        label: '8 Boulevard du Port 80000 Amiens',
        score: 0.49,
        housenumber: '8',
        id: '80021_6590_00008',
        name: '8 Boulevard du Port',
        postcode: '80000',
        citycode: '80021',
        x: 648952.58,
        y: 6977867.25,
        city: 'Amiens',
        context: '80, Somme, Hauts-de-France',
        type: 'housenumber',
        importance: 0.6,
        street: 'Boulevard du Port',
      },
    },
    {
      type: 'Feature',
      geometry: point(-0.37, 49.18),
      properties: {
        label: 'Boulevard du Port 14000 Caen',
        score: 0.41,
        id: '14118_1320',
        name: 'Boulevard du Port',
        postcode: '14000',
        citycode: '14118',
        city: 'Caen',
        context: '14, Calvados, Normandie',
        type: 'street',
        importance: 0.55,
      },
    },
    {
      type: 'Feature',
      geometry: point(1.06, 49.44),
      properties: {
        label: 'Port-Jérôme-sur-Seine',
        score: 0.3,
        id: '76476',
        name: 'Port-Jérôme-sur-Seine',
        postcode: '76170',
        citycode: '76476',
        city: 'Port-Jérôme-sur-Seine',
        context: '76, Seine-Maritime, Normandie',
        type: 'municipality',
        importance: 0.4,
      },
    },
  ]),
  [sampleAddressQueries.none]: featureCollection(sampleAddressQueries.none, []),
};

export const sampleCodesPostaux = { found: '01400', none: '99999', serverError: '98000' } as const;

const municipality = (city: string, citycode: string, postcode: string) => ({
  type: 'Feature',
  geometry: point(4.9, 46.1),
  properties: {
    label: city,
    score: 0.9,
    id: citycode,
    name: city,
    postcode,
    citycode,
    city,
    context: '01, Ain, Auvergne-Rhône-Alpes',
    type: 'municipality',
    importance: 0.4,
  },
});

export const communeSamples: Record<string, unknown> = {
  [sampleCodesPostaux.found]: featureCollection(sampleCodesPostaux.found, [
    municipality('Châtillon-sur-Chalaronne', '01093', '01400'),
    municipality("L'Abergement-Clémenciat", '01001', '01400'),
    municipality('Sulignat', '01413', '01400'),
    // The same commune twice, and one of another postcode brought by the free-text match.
    municipality('Sulignat', '01413', '01400'),
    municipality('Saint-Étienne-du-Bois', '01350', '01370'),
  ]),
  [sampleCodesPostaux.none]: featureCollection(sampleCodesPostaux.none, []),
};
