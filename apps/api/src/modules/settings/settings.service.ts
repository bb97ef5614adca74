import { X509Certificate } from 'node:crypto';
import {
  cfaFieldsForAttestations,
  cfaFieldsForContracts,
  cfaSettingsFields,
  isValidSiret,
  isValidUai,
  type CfaContact,
  type CfaSettingsBody,
  type CfaSettingsResponse,
  type CfaSettingsSource,
  type CfaSettingsValues,
  type SealCertificate,
} from '@passerelle/contract';
import { defaultCfaContact, type Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { GENERATED_SEAL_SETTING, loadSealCertificate } from '../signing/signing.service.ts';
import { findAppSetting, findCfaSettings, insertSettingsAudit, saveCfaSettings } from './settings.repo.ts';

/**
 * The CFA's identity (issue 28): saved by an admin in the back office (table cfa_settings), the server's CFA_*
 * environment giving the values while nothing is saved. Read from the database at each use, so that a change made on
 * one API process is what every other prints next (the mails' footer, rendered without a database at hand, keeps a
 * copy refreshed every 30 s: contact/contact.service.ts).
 */

export type CfaEnvironment = Pick<
  Config,
  | 'DEMO_DATA'
  | 'CFA_DENOMINATION'
  | 'CFA_UAI'
  | 'CFA_SIRET'
  | 'CFA_ADDRESS_STREET'
  | 'CFA_ADDRESS_POSTCODE'
  | 'CFA_ADDRESS_CITY'
  | 'CFA_REPRESENTATIVE'
  | 'CFA_CONTACT_EMAIL'
  | 'CFA_CONTACT_PHONE'
  | 'CFA_CONTACT_HOURS'
  | 'CFA_CONTACT_HOURS_EN'
>;

/**
 * The CFA a demonstration prints while the installation has set none: made up, like the demo companies' SIRETs, and
 * its name says so. Its UAI's letter is right (0755555 mod 23 gives F) and its SIRET is La Poste's shape, so that the
 * demo's documents are complete; a production installation (DEMO_DATA=false) never falls back on it.
 */
export const demoCfa = {
  denomination: 'CFA fictif Passerelle (démonstration)',
  uai: '0755555F',
  siret: '35600000000048',
} as const;

export interface CfaSettingsView {
  values: CfaSettingsValues;
  source: CfaSettingsSource;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** The first values, from the environment: '' where a variable is unset (the contact has defaults). */
export function environmentValues(config: CfaEnvironment): CfaSettingsValues {
  return {
    denomination: config.CFA_DENOMINATION ?? '',
    uai: config.CFA_UAI?.toUpperCase() ?? '',
    siret: config.CFA_SIRET ?? '',
    street: config.CFA_ADDRESS_STREET ?? '',
    postcode: config.CFA_ADDRESS_POSTCODE ?? '',
    city: config.CFA_ADDRESS_CITY ?? '',
    representativeName: config.CFA_REPRESENTATIVE ?? '',
    representativeTitle: '',
    contactEmail: config.CFA_CONTACT_EMAIL,
    contactPhone: config.CFA_CONTACT_PHONE,
    contactHoursFr: config.CFA_CONTACT_HOURS,
    contactHoursEn: config.CFA_CONTACT_HOURS_EN,
  };
}

/** What is in force: the saved row, or the environment (on a demonstration without either, the fictitious CFA). */
export async function readCfaSettings(db: Db | Tx, config: CfaEnvironment): Promise<CfaSettingsView> {
  const row = await findCfaSettings(db);
  if (row) {
    const values = Object.fromEntries(cfaSettingsFields.map((field) => [field, row[field]])) as CfaSettingsValues;
    return { values, source: 'saved', updatedAt: row.updatedAt, updatedBy: row.updatedByName };
  }
  const values = environmentValues(config);
  const noIdentity = !values.denomination && !values.uai && !values.siret;
  if (config.DEMO_DATA && noIdentity)
    return { values: { ...values, ...demoCfa }, source: 'demo', updatedAt: null, updatedBy: null };
  return { values, source: 'environment', updatedAt: null, updatedBy: null };
}

/** The fields a contract cannot be prepared without that are missing or invalid. */
export function missingForContracts(values: CfaSettingsValues): (typeof cfaFieldsForContracts)[number][] {
  return cfaFieldsForContracts.filter((field) => {
    const value = values[field].trim();
    if (field === 'uai') return !isValidUai(value);
    if (field === 'siret') return !isValidSiret(value);
    return value === '';
  });
}

/** The identity as the contract documents print it ("Le CFA" of the CERFA, the convention). */
/** The CFA responsible for the training, as an admin sets it here or the environment gives it (the schools table holds only a name). */
export interface CfaIdentity {
  denomination: string;
  uai?: string | undefined;
  siret?: string | undefined;
  adresse?: { voie?: string; complement?: string; codePostal?: string; commune?: string } | undefined;
  /** The person who signs for the CFA (convention, mandate). */
  representant?: string | undefined;
}

export function cfaIdentityFrom(values: CfaSettingsValues): CfaIdentity | undefined {
  if (!values.denomination && !values.uai && !values.siret) return undefined;
  const adresse = {
    ...(values.street ? { voie: values.street } : {}),
    ...(values.postcode ? { codePostal: values.postcode } : {}),
    ...(values.city ? { commune: values.city } : {}),
  };
  const representant = [values.representativeName, values.representativeTitle].filter(Boolean).join(', ');
  return {
    denomination: values.denomination,
    uai: values.uai || undefined,
    siret: values.siret || undefined,
    ...(Object.keys(adresse).length > 0 ? { adresse } : {}),
    representant: representant || undefined,
  };
}

/** How applicants and employers reach the CFA: the error and about pages, every mail's footer. */
export function cfaContactFrom(values: CfaSettingsValues): CfaContact {
  return {
    email: values.contactEmail,
    phone: values.contactPhone,
    hours: { 'fr-FR': values.contactHoursFr, 'en-US': values.contactHoursEn },
  };
}

export async function readCfaContact(db: Db | Tx, config: CfaEnvironment): Promise<CfaContact> {
  return cfaContactFrom((await readCfaSettings(db, config)).values);
}

const missingCode = { denomination: 'field.required', uai: 'cfa.uai_check_letter', siret: 'cfa.siret_checksum' } as const;

/**
 * The CFA a contract is prepared for. In production (DEMO_DATA=false) a contract names a real CFA: without its
 * denomination, a UAI whose letter is right and a valid SIRET, the preparation is refused (409 CFA_IDENTITY_INCOMPLETE,
 * the fields in `errors` as codes), with no override, until an admin completes the settings.
 */
export async function cfaForContract(
  db: Db | Tx,
  config: CfaEnvironment,
): Promise<{ identity: CfaIdentity | undefined; contact: CfaContact }> {
  const { values } = await readCfaSettings(db, config);
  const missing = missingForContracts(values);
  if (!config.DEMO_DATA && missing.length > 0)
    throw new AppError(
      'CFA_IDENTITY_INCOMPLETE',
      `The CFA's identity lacks a valid ${missing.join(', ')}: an admin must complete it in the back office's settings (Settings, /gestion/parametres) before a contract is prepared`,
      Object.fromEntries(missing.map((field) => [`cfa.${field}`, [values[field] ? missingCode[field] : 'field.required']])),
    );
  return { identity: cfaIdentityFrom(values), contact: cfaContactFrom(values) };
}

/** The CFA as an attestation names it: who, where, how to reach it. */
export interface CfaForAttestation {
  denomination: string;
  uai: string;
  street: string;
  postcode: string;
  city: string;
  contactEmail: string;
  contactPhone: string;
}

/**
 * The fields an attestation cannot be issued without that are missing or invalid, with the code of each: the contact
 * the server falls back on (config.ts `defaultCfaContact`, a demonstration office's) counts as missing, as it is no
 * CFA's.
 */
export function missingForAttestations(
  values: CfaSettingsValues,
): Partial<Record<(typeof cfaFieldsForAttestations)[number], string>> {
  const missing: Partial<Record<(typeof cfaFieldsForAttestations)[number], string>> = {};
  for (const field of cfaFieldsForAttestations) {
    const value = values[field].trim();
    if (value === '') missing[field] = 'field.required';
    else if (field === 'uai' && !isValidUai(value)) missing[field] = 'cfa.uai_check_letter';
    else if (field === 'contactEmail' && value === defaultCfaContact.email) missing[field] = 'cfa.contact_default';
    else if (field === 'contactPhone' && value === defaultCfaContact.phone) missing[field] = 'cfa.contact_default';
  }
  return missing;
}

/**
 * The CFA an attestation names (issue 28), like cfaForContract: in production (DEMO_DATA=false) a real one, or the
 * issue is refused (409 CFA_IDENTITY_INCOMPLETE, the fields in `errors` as codes) until an admin completes the settings.
 * A demonstration prints what it has (its fictitious CFA says it is one), as its contracts do.
 */
export async function cfaForAttestation(db: Db | Tx, config: CfaEnvironment): Promise<CfaForAttestation> {
  const { values } = await readCfaSettings(db, config);
  const missing = Object.entries(missingForAttestations(values));
  if (!config.DEMO_DATA && missing.length > 0)
    throw new AppError(
      'CFA_IDENTITY_INCOMPLETE',
      `The CFA's identity lacks a valid ${missing.map(([field]) => field).join(', ')}: an admin must complete it in the back office's settings (Settings, /gestion/parametres) before an attestation is issued`,
      Object.fromEntries(missing.map(([field, code]) => [`cfa.${field}`, [code]])),
    );
  return {
    denomination: values.denomination.trim(),
    uai: values.uai.trim(),
    street: values.street.trim(),
    postcode: values.postcode.trim(),
    city: values.city.trim(),
    contactEmail: values.contactEmail.trim(),
    contactPhone: values.contactPhone.trim(),
  };
}

/** Saves the whole identity (one row), who saved it and when, and an audit entry naming the fields changed. */
export async function saveCfaIdentity(db: Db, config: CfaEnvironment, body: CfaSettingsBody, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = (await readCfaSettings(tx, config)).values;
    await saveCfaSettings(tx, body, userId, new Date());
    // Names only: the values (a representative's name) stay out of the log.
    const changed = cfaSettingsFields.filter((field) => before[field] !== body[field]);
    await insertSettingsAudit(tx, { actorUserId: userId, action: 'settings.cfa_saved', details: { changed } });
  });
}

/**
 * The seal's certificate as the settings screen shows it: the PKCS#12 of SIGNING_P12_PATH, or the self-signed one kept
 * in the database (null until the first contract sealed makes it). Read-only: the seal is the server's configuration.
 */
export async function describeSeal(
  db: Db,
  config: Pick<Config, 'SIGNING_P12_PATH' | 'SIGNING_P12_PASSWORD' | 'DATA_ENCRYPTION_KEY'>,
): Promise<SealCertificate | null> {
  if (config.SIGNING_P12_PATH) {
    const seal = await loadSealCertificate(db, config);
    return certificateOf(new X509Certificate(seal.certificateDer), 'file');
  }
  const stored = await findAppSetting(db, GENERATED_SEAL_SETTING);
  const pem = typeof stored === 'object' && stored !== null ? (stored as { certificatePem?: unknown }).certificatePem : undefined;
  return typeof pem === 'string' ? certificateOf(new X509Certificate(pem), 'generated') : null;
}

function certificateOf(x509: X509Certificate, origin: SealCertificate['origin']): SealCertificate {
  return {
    origin,
    subject: x509.subject.replaceAll('\n', ', '),
    issuer: x509.issuer.replaceAll('\n', ', '),
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: new Date(x509.validTo).toISOString(),
  };
}

/** GET and PUT /staff/settings/cfa's answer. */
export async function cfaSettingsResponseOf(db: Db, config: Config): Promise<CfaSettingsResponse> {
  const [view, seal] = await Promise.all([readCfaSettings(db, config), describeSeal(db, config)]);
  return {
    values: view.values,
    source: view.source,
    updatedAt: view.updatedAt?.toISOString() ?? null,
    updatedBy: view.updatedBy,
    missingForContracts: missingForContracts(view.values),
    demo: config.DEMO_DATA,
    seal,
  };
}
