import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Durations are given in seconds. */
const seconds = z.coerce.number().int().positive();

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
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Passerelle CFA <no-reply@passerelle.localhost>'),
  /** Signs access tokens (HS256). Generated once and kept in the database when not given. */
  JWT_SECRET: z.string().min(32).optional(),
  /** 32 bytes, base64: encrypts personal data at rest (AES-256-GCM). Generated and kept in the database when not given. */
  DATA_ENCRYPTION_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL: seconds.default(15 * 60),
  REFRESH_TOKEN_TTL: seconds.default(30 * 24 * 3600),
  LOGIN_LINK_TTL: seconds.default(72 * 3600),
  /** Contracts shorter than this many months get a "funding prorated" warning (SPEC 5). */
  SHORT_CONTRACT_MONTHS: z.coerce.number().int().positive().max(36).default(6),
  LOGIN_RATE_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_PER_CLIENT: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_WINDOW: seconds.default(15 * 60),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(2000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  CERFA_TEMPLATES_DIR: z.string().optional(),
  /** recherche-entreprises.api.gouv.fr or a compatible service: company details by SIRET. */
  COMPANY_LOOKUP_URL: z.url().default('https://recherche-entreprises.api.gouv.fr'),
  /** api-adresse.data.gouv.fr or a compatible service (the Géoplateforme geocoder answers alike). */
  // The Géoplateforme geocoder took over api-adresse.data.gouv.fr (same /search API) in 2026.
  ADDRESS_LOOKUP_URL: z.url().default('https://data.geopf.fr/geocodage'),
  /** Past this, a look-up answers 503 and the form opens the fields for manual entry. */
  LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(4000),
  /** Look-up calls per client address per minute (address autocompletion calls often). */
  LOOKUP_RATE_PER_MINUTE: z.coerce.number().int().positive().default(120),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  dataDir: string;
  webDist: string;
  /** Secure cookies when the public address is https. */
  secureCookies: boolean;
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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    secureCookies: publicUrl.startsWith('https://'),
  };
}
