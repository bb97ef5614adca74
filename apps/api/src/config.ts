import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Durations are given in seconds. */
const seconds = z.coerce.number().int().positive();

/** A demonstration office's contact, until the CFA sets its own (CFA_CONTACT_*). */
export const defaultCfaContact = {
  email: 'alternance@passerelle.localhost',
  phone: '01 23 45 67 89',
  hours: { 'fr-FR': 'du lundi au vendredi, 9 h – 17 h', 'en-US': 'Monday to Friday, 9 am – 5 pm' },
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /**
   * PostgreSQL: the longest statement of a request (the longest today takes a few milliseconds; migrations run apart,
   * without it). A server that stops answering fails the request with 503 this long (plus a second) after it asked.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(5000),
  /** PostgreSQL: the longest wait for a connection (a server down or unreachable, or the pool busy) before a 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(3000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Passerelle CFA <no-reply@passerelle.localhost>'),
  /** Signs access tokens (HS256). Generated once and kept in the database when not given. */
  JWT_SECRET: z.string().min(32).optional(),
  /** 32 bytes, base64: encrypts personal data at rest (AES-256-GCM). Generated and kept in the database when not given. */
  DATA_ENCRYPTION_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL: seconds.default(15 * 60),
  REFRESH_TOKEN_TTL: seconds.default(30 * 24 * 3600),
  /**
   * How long each API process trusts what it read of a session (live or ended) before reading it again: a logout or
   * a revocation reaches every process within this delay. 0: every authenticated request reads it.
   */
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOGIN_LINK_TTL: seconds.default(72 * 3600),
  /** Contracts shorter than this many months get a "funding prorated" warning (SPEC 5). */
  SHORT_CONTRACT_MONTHS: z.coerce.number().int().positive().max(36).default(6),
  LOGIN_RATE_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_PER_CLIENT: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_WINDOW: seconds.default(15 * 60),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(2000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  /** How often each API process looks for a due scheduled job (reminders, staff digest, purge); each run happens once. */
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * How often each API process looks for queued work (a contract to seal after its last signature); the process that
   * queued it starts at once, the others within this time should it die (docs/decisions/0040-queued-jobs.md).
   */
  QUEUE_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(2000),
  /** An employer first contact unanswered this many days gets one reminder (La bonne alternance waits 10). */
  REMINDER_FIRST_CONTACT_DAYS: z.coerce.number().int().positive().max(365).default(10),
  /** A part of the information sheet unsent this many days gets one reminder. */
  REMINDER_INFORMATION_SHEET_DAYS: z.coerce.number().int().positive().max(365).default(7),
  /** Staff alert: applicants registered this many days without a signed contract. */
  STAFF_ALERT_REGISTERED_DAYS: z.coerce.number().int().positive().max(3650).default(90),
  /** Staff alert: cases waiting on the same party this many days. */
  STAFF_ALERT_WAITING_DAYS: z.coerce.number().int().positive().max(365).default(14),
  DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /**
   * The portal serves HTTPS and HTTP/2 itself with this certificate chain and its private key (PEM files, both or
   * neither). Unset: plain HTTP, for a reverse proxy in front that speaks HTTPS (lib/tls.ts).
   */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /**
   * Folder of the official blank CERFA forms (`cerfa_10103-14.pdf`…): a contract is filled on the form of its edition
   * when the file is there and pinned, else drawn as a trial copy (decision 0044).
   */
  CERFA_TEMPLATES_DIR: z.string().optional(),
  /**
   * The SHA-256 of each official form in CERFA_TEMPLATES_DIR, `edition=hex` separated by commas
   * (`10103*14=5f3c…,10103*13=9a0b…`): a file whose hash is not pinned here (nor among the product's own pins) is
   * refused, so that a form replaced or altered is never filled unnoticed.
   */
  CERFA_TEMPLATE_SHA256: z
    .string()
    .trim()
    .regex(
      /^(?:\d{5}\*\d{2}=[0-9a-fA-F]{64})(?:\s*,\s*\d{5}\*\d{2}=[0-9a-fA-F]{64})*$/,
      'CERFA_TEMPLATE_SHA256 is edition=sha256 pairs separated by commas, e.g. 10103*14=<64 hex digits>',
    )
    .transform((value) =>
      Object.fromEntries(
        value.split(',').map((pair) => {
          const [edition = '', hash = ''] = pair.trim().split('=');
          return [edition, hash.toLowerCase()];
        }),
      ),
    )
    .optional(),
  /** recherche-entreprises.api.gouv.fr or a compatible service: company details by SIRET. */
  COMPANY_LOOKUP_URL: z.url().default('https://recherche-entreprises.api.gouv.fr'),
  /** api-adresse.data.gouv.fr or a compatible service (the Géoplateforme geocoder answers alike). */
  // The Géoplateforme geocoder took over api-adresse.data.gouv.fr (same /search API) in 2026.
  ADDRESS_LOOKUP_URL: z.url().default('https://data.geopf.fr/geocodage'),
  /** Past this, a look-up answers 503 and the form opens the fields for manual entry. */
  LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(4000),
  /** Look-up calls per client address per minute (address autocompletion calls often). */
  LOOKUP_RATE_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Applicant limits (issue 8: one account must not turn the portal into a mail relay). A real applicant pursues one
   * contract, with a few companies at a time: 5 open dossiers, and each first-contact sheet invites one employer, so 5
   * invitations a day and 20 over the account's life cover a busy search while stopping a mass mailing.
   */
  APPLICANT_MAX_OPEN_DOSSIERS: z.coerce.number().int().positive().default(5),
  APPLICANT_INVITATIONS_PER_DAY: z.coerce.number().int().positive().default(5),
  APPLICANT_INVITATIONS_TOTAL: z.coerce.number().int().positive().default(20),
  /**
   * Upload budgets. An applicant keeps at most UPLOAD_MAX_CVS CVs (a new one replaces the oldest), one CVEC certificate
   * and one bac attestation (each replaced): 7 files of 10 MB at most. An employer contact keeps one job description
   * (5 MB) per dossier. 40 files and 150 MB per person cover a contact following about 25 apprentices; a dossier holds a
   * handful of uploaded files (job description, later signed documents of 10 MB).
   */
  UPLOAD_MAX_CVS: z.coerce.number().int().positive().default(5),
  UPLOAD_MAX_FILES_PER_PERSON: z.coerce.number().int().positive().default(40),
  UPLOAD_MAX_BYTES_PER_PERSON: z.coerce.number().int().positive().default(150 * 1024 * 1024),
  UPLOAD_MAX_FILES_PER_DOSSIER: z.coerce.number().int().positive().default(10),
  UPLOAD_MAX_BYTES_PER_DOSSIER: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  /** clamd (Debian's clamav-daemon) scanning every upload: tcp://host:port or a unix socket path. Unset: no scanning. */
  CLAMD_URL: z
    .string()
    .regex(/^(tcp:\/\/|unix:\/\/|\/)/, 'CLAMD_URL must be tcp://host:port, unix:///path or /path')
    .optional(),
  /** Past this, the scan counts as failed and the upload is refused (503). */
  CLAMD_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(30_000),
  /**
   * The school's seal for signed contracts (issue 11): a PKCS#12 file (certificate and private key) and its password.
   * Unset: a self-signed certificate is generated once and kept in the database (fine for trials, not for production).
   * The password is never logged.
   */
  SIGNING_P12_PATH: z.string().optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
  /** A signer whose turn has lasted this many days is reminded, once per such period (job `signature-reminders`). */
  SIGNATURE_REMINDER_DAYS: z.coerce.number().int().positive().max(365).default(3),
  /** A signature procedure not complete after this many days is unavailable (SPEC 8); staff prepare it again. */
  SIGNATURE_EXPIRY_DAYS: z.coerce.number().int().positive().max(365).default(30),
  /**
   * The CFA responsible as the contract documents print it (CERFA "Le CFA", training convention). Unset: the documents'
   * annex lists the UAI and SIRET as missing, and preparing the contract needs staff's override.
   */
  CFA_DENOMINATION: z.string().trim().min(1).max(200).optional(),
  CFA_UAI: z.string().trim().regex(/^\d{7}[A-Za-z]$/, 'CFA_UAI is 7 digits and a letter').optional(),
  CFA_SIRET: z.string().trim().regex(/^\d{14}$/, 'CFA_SIRET is 14 digits').optional(),
  CFA_ADDRESS_STREET: z.string().trim().min(1).max(200).optional(),
  CFA_ADDRESS_POSTCODE: z.string().trim().min(1).max(10).optional(),
  CFA_ADDRESS_CITY: z.string().trim().min(1).max(120).optional(),
  CFA_REPRESENTATIVE: z.string().trim().min(1).max(200).optional(),
  /** The OpenAPI document (/api/openapi.json) and its page (/api/docs). Unset: on, except when NODE_ENV is production. */
  API_DOCS: bool.optional(),
  /** How to reach the CFA: on the error and about pages (GET /api/public/contact) and under every mail. */
  CFA_CONTACT_EMAIL: z.email().default(defaultCfaContact.email),
  CFA_CONTACT_PHONE: z.string().trim().min(1).max(40).default(defaultCfaContact.phone),
  CFA_CONTACT_HOURS: z.string().trim().min(1).max(200).default(defaultCfaContact.hours['fr-FR']),
  /** The opening hours in English. */
  CFA_CONTACT_HOURS_EN: z.string().trim().min(1).max(200).default(defaultCfaContact.hours['en-US']),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  dataDir: string;
  webDist: string;
  /** Secure cookies when the public address is https. */
  secureCookies: boolean;
  /** API_DOCS, or its default: /api/openapi.json and /api/docs are served. */
  apiDocs: boolean;
}

/** Parses the environment once. Nothing else in the API reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most shells' and process managers' habits.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = { ...parsed.data, ...overrides };
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE))
    throw new Error('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE go together: give both, or neither');
  const scheme = e.TLS_CERT_FILE ? 'https' : 'http';
  const publicUrl = (e.PUBLIC_URL ?? `${scheme}://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    secureCookies: publicUrl.startsWith('https://'),
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
  };
}
