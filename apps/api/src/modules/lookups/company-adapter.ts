import type { CompanyLookup, LookupAddress } from '@passerelle/contract';
import { z } from 'zod';
import { endpoint, getJson } from './lookup-http.ts';

// ---------- The directory's answer (recherche-entreprises.api.gouv.fr GET /search) ----------

const text = z.string().nullish();

/** The siège and each `matching_etablissements` row; only the siège has the address split in fields. */
const etablissement = z.object({
  siret: z.string(),
  etat_administratif: text,
  activite_principale: text,
  tranche_effectif_salarie: text,
  adresse: text,
  complement_adresse: text,
  numero_voie: text,
  indice_repetition: text,
  type_voie: text,
  libelle_voie: text,
  code_postal: text,
  libelle_commune: text,
  liste_idcc: z.array(z.string()).nullish(),
  liste_enseignes: z.array(z.string()).nullish(),
  nom_commercial: text,
});
type Etablissement = z.infer<typeof etablissement>;

const uniteLegale = z.object({
  siren: z.string(),
  nom_complet: text,
  nom_raison_sociale: text,
  nature_juridique: text,
  activite_principale: text,
  tranche_effectif_salarie: text,
  siege: etablissement.nullish(),
  matching_etablissements: z.array(etablissement).nullish(),
});
type UniteLegale = z.infer<typeof uniteLegale>;

export const companySearchPayload = z.object({ results: z.array(uniteLegale) });
export type CompanySearchPayload = z.infer<typeof companySearchPayload>;

// ---------- Reference tables ----------

/** INSEE headcount bands (tranche d'effectif salarié), as labelled by INSEE. */
const tranchesEffectif: Record<string, string> = {
  NN: 'Unité non employeuse',
  '00': '0 salarié',
  '01': '1 ou 2 salariés',
  '02': '3 à 5 salariés',
  '03': '6 à 9 salariés',
  '11': '10 à 19 salariés',
  '12': '20 à 49 salariés',
  '21': '50 à 99 salariés',
  '22': '100 à 199 salariés',
  '31': '200 à 249 salariés',
  '32': '250 à 499 salariés',
  '41': '500 à 999 salariés',
  '42': '1 000 à 1 999 salariés',
  '51': '2 000 à 4 999 salariés',
  '52': '5 000 à 9 999 salariés',
  '53': '10 000 salariés et plus',
};

/**
 * Private employer type (DOMAIN 1.10) of the common INSEE legal forms. The CERFA tool derives it
 * through a 90-entry table; this keeps the frequent forms and the tool's examples (5710 → 12,
 * 5432 → 13, 6521 → 14, 9220 → 15, 4110 → 16). Sole traders (1000) are left out on purpose: the
 * legal form does not say whether one is a craftsman (11), a trader (12) or a liberal profession (14).
 * Public forms (7xxx) are left out too: public employers fill the CERFA's public part.
 */
const typeEmployeurByNatureJuridique: Record<string, CompanyLookup['typeEmployeur']> = {
  // Commercial companies, registered at the RCS.
  '5202': '12', // Société en nom collectif
  '5306': '12', // Société en commandite simple
  '5308': '12', // Société en commandite par actions
  '5498': '12', // SARL unipersonnelle (EURL)
  '5499': '12', // Société à responsabilité limitée
  '5599': '12', // SA à conseil d'administration
  '5699': '12', // SA à directoire
  '5710': '12', // Société par actions simplifiée
  '5720': '12', // SAS à associé unique
  // Agricultural companies, whose staff depend on the MSA.
  '5432': '13', // SARL d'intérêt collectif agricole
  '6316': '13', // Coopérative d'utilisation de matériel agricole en commun (CUMA)
  '6317': '13', // Société coopérative agricole
  '6533': '13', // Groupement agricole d'exploitation en commun (GAEC)
  '6534': '13', // Groupement foncier agricole
  '6598': '13', // Exploitation agricole à responsabilité limitée (EARL)
  // Professional practice companies.
  '5385': '14', // Société d'exercice libéral en commandite par actions
  '5485': '14', // Société d'exercice libéral à responsabilité limitée
  '5585': '14', // Société d'exercice libéral à forme anonyme à conseil d'administration
  '5785': '14', // Société d'exercice libéral par action simplifiée
  '6521': '14', // as in the CERFA tool's table (DOMAIN 1.10)
  '6561': '14', // SCP d'avocats
  '6571': '14', // SCP de médecins
  // Associations.
  '9210': '15', // Association non déclarée
  '9220': '15', // Association déclarée
  '9221': '15', // Association déclarée d'insertion par l'économique
  '9222': '15', // Association intermédiaire
  '9230': '15', // Association déclarée reconnue d'utilité publique
  '9260': '15', // Association de droit local (Bas-Rhin, Haut-Rhin et Moselle)
  // Other private employers.
  '4110': '16', // as in the CERFA tool's table (DOMAIN 1.10)
  '6540': '16', // Société civile immobilière
  '8410': '16', // Syndicat de salariés
  '8420': '16', // Syndicat patronal
  '9300': '16', // Fondation
};

export function typeEmployeurOf(natureJuridique: string | null | undefined): CompanyLookup['typeEmployeur'] {
  return (natureJuridique && typeEmployeurByNatureJuridique[natureJuridique]) || null;
}

/** INSEE street-type codes of the Sirene register, spelled out as on a letter. */
const typesVoie: Record<string, string> = {
  ALL: 'ALLEE',
  AV: 'AVENUE',
  BD: 'BOULEVARD',
  CAR: 'CARREFOUR',
  CHE: 'CHEMIN',
  CHS: 'CHAUSSEE',
  CITE: 'CITE',
  COR: 'CORNICHE',
  CRS: 'COURS',
  DOM: 'DOMAINE',
  DSC: 'DESCENTE',
  ECA: 'ECART',
  ESP: 'ESPLANADE',
  FG: 'FAUBOURG',
  GR: 'GRANDE RUE',
  HAM: 'HAMEAU',
  HLE: 'HALLE',
  IMP: 'IMPASSE',
  LD: 'LIEU-DIT',
  LOT: 'LOTISSEMENT',
  MAR: 'MARCHE',
  MTE: 'MONTEE',
  PARC: 'PARC',
  PAS: 'PASSAGE',
  PL: 'PLACE',
  PLN: 'PLAINE',
  PLT: 'PLATEAU',
  PRO: 'PROMENADE',
  PRV: 'PARVIS',
  QUA: 'QUARTIER',
  QUAI: 'QUAI',
  RES: 'RESIDENCE',
  RLE: 'RUELLE',
  ROC: 'ROCADE',
  RPT: 'ROND-POINT',
  RTE: 'ROUTE',
  RUE: 'RUE',
  SEN: 'SENTIER',
  SQ: 'SQUARE',
  TPL: 'TERRE-PLEIN',
  TRA: 'TRAVERSE',
  VLA: 'VILLA',
  VLGE: 'VILLAGE',
};

/** Indices de répétition of the Sirene register (B, T, Q, C), spelled out. */
const indicesRepetition: Record<string, string> = { B: 'BIS', T: 'TER', Q: 'QUATER', C: 'QUINQUIES' };

// ---------- Mapping ----------

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

const join = (...parts: (string | null | undefined)[]): string | null => clean(parts.filter(Boolean).join(' '));

function splitAddress(etab: Etablissement): LookupAddress {
  const codePostal = clean(etab.code_postal);
  const commune = clean(etab.libelle_commune);
  const complement = clean(etab.complement_adresse);
  if (etab.libelle_voie || etab.numero_voie) {
    const indice = clean(etab.indice_repetition)?.toUpperCase();
    const typeVoie = clean(etab.type_voie)?.toUpperCase();
    return {
      numeroVoie: join(etab.numero_voie, indice ? (indicesRepetition[indice] ?? indice) : null),
      voie: join(typeVoie ? (typesVoie[typeVoie] ?? typeVoie) : null, etab.libelle_voie),
      complement,
      codePostal,
      commune,
    };
  }
  // Rows of matching_etablissements only carry the one-line address: "12 B RUE DE LA PAIX 75002 PARIS".
  let line = clean(etab.adresse) ?? '';
  const tail = join(codePostal, commune);
  if (tail && line.toUpperCase().endsWith(tail.toUpperCase())) line = line.slice(0, -tail.length).trim();
  if (complement && line.toUpperCase().startsWith(complement.toUpperCase()))
    line = line.slice(complement.length).trim();
  const numbered = /^(\d+(?:\s?(?:BIS|TER|QUATER|QUINQUIES|[A-Z])\b)?)\s+(.+)$/i.exec(line);
  return {
    numeroVoie: clean(numbered?.[1]),
    voie: clean(numbered ? numbered[2] : line),
    complement,
    codePostal,
    commune,
  };
}

/** IDCC codes are 4 digits; the directory sometimes drops leading zeros. */
function idccsOf(...lists: (string[] | null | undefined)[]): string[] {
  for (const list of lists) {
    const codes = (list ?? [])
      .map((code) => code.trim())
      .filter((code) => /^\d{1,4}$/.test(code))
      .map((code) => code.padStart(4, '0'));
    if (codes.length > 0) return [...new Set(codes)];
  }
  return [];
}

function establishmentOf(unite: UniteLegale, siret: string): Etablissement | undefined {
  if (unite.siege?.siret === siret) return unite.siege;
  return unite.matching_etablissements?.find((etab) => etab.siret === siret);
}

/**
 * The establishment with this SIRET in a search answer, or null. The search is a full-text one, so
 * a result is only taken when one of its establishments has exactly this SIRET.
 */
export function mapCompanySearch(payload: CompanySearchPayload, siret: string): CompanyLookup | null {
  for (const unite of payload.results) {
    const etab = establishmentOf(unite, siret);
    if (!etab) continue;
    const tranche = clean(unite.tranche_effectif_salarie) ?? clean(etab.tranche_effectif_salarie);
    const natureJuridique = clean(unite.nature_juridique);
    return {
      siret,
      siren: unite.siren,
      denomination: clean(unite.nom_raison_sociale) ?? clean(unite.nom_complet) ?? '',
      enseigne: clean(etab.liste_enseignes?.[0]) ?? clean(etab.nom_commercial),
      adresse: splitAddress(etab),
      codeNaf: clean(etab.activite_principale) ?? clean(unite.activite_principale),
      // The CERFA asks for the company's headcount, so the legal unit's band comes first.
      effectif: tranche ? (tranchesEffectif[tranche] ?? null) : null,
      idccs: idccsOf(etab.liste_idcc, unite.siege?.liste_idcc),
      etatAdministratif: clean(etab.etat_administratif) === 'F' ? 'F' : 'A',
      categorieJuridique: natureJuridique,
      typeEmployeur: typeEmployeurOf(natureJuridique),
    };
  }
  return null;
}

// ---------- Adapter ----------

export interface CompanyDirectory {
  /** The establishment, null when the directory does not know it; throws LookupUnavailableError. */
  findBySiret(siret: string): Promise<CompanyLookup | null>;
}

export function createCompanyDirectory(options: { baseUrl: string; timeoutMs: number }): CompanyDirectory {
  return {
    async findBySiret(siret) {
      const url = endpoint(options.baseUrl, '/search', { q: siret, page: '1', per_page: '1' });
      const payload = await getJson(url, companySearchPayload, options.timeoutMs);
      return mapCompanySearch(payload, siret);
    },
  };
}
