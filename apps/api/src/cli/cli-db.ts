import pino from 'pino';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { cfaContactOf } from '../modules/contact/contact.service.ts';
import { createMailSender, deliverDueMails, setMailContact, type DeliveryReport } from '../modules/mail/mail.service.ts';

/** A refusal the operator can act on: its message is printed as it is, and the command exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export interface CliContext {
  db: Db;
  config: Config;
}

/**
 * Opens the database as the server does (DATABASE_URL, or the embedded one in DATA_DIR), applies the migrations, runs
 * the command and closes. The embedded database serves one process at a time: while the server runs, its data folder
 * is locked and the command says so; on PostgreSQL the commands run beside the servers.
 */
export async function withCliDatabase<T>(command: string, run: (context: CliContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.dataDir,
      poolSize: 2,
      statementTimeoutMs: Math.max(config.DATABASE_STATEMENT_TIMEOUT_MS, 60_000),
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    });
  } catch (err) {
    if (!config.DATABASE_URL && err instanceof Error && err.message.includes('already used by another Passerelle process')) {
      throw new CliError(
        `${command}: the embedded database is in use. It serves one process at a time: stop the Passerelle server, run the command, then start the server again (or run the commands beside the servers on PostgreSQL, with DATABASE_URL).\n${err.message}`,
      );
    }
    throw err;
  }
  try {
    await database.migrate();
    // The mails a command queues end with the CFA's contact, as the server's do.
    setMailContact(cfaContactOf(config));
    return await run({ db: database.db, config });
  } finally {
    await database.close();
  }
}

/**
 * Sends the queued mails now, so that an operator sees them leave: by SMTP when SMTP_URL is set, printed on this
 * terminal otherwise (the server would only print them at its next start).
 */
export async function deliverQueuedMails({ db, config }: CliContext): Promise<DeliveryReport> {
  const sender = createMailSender(config);
  try {
    return await deliverDueMails(db, sender, { maxAttempts: config.MAIL_MAX_ATTEMPTS, log: pino({ level: 'warn' }, pino.destination(2)) });
  } finally {
    sender.close();
  }
}

/** `--name value` and `--flag` options, and the other words in order. */
export function parseArgs(argv: string[], flags: readonly string[], options: readonly string[]) {
  const words: string[] = [];
  const given: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split('=', 2);
    if (flags.includes(name)) given[name] = true;
    else if (options.includes(name)) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) throw new CliError(`--${name} needs a value`, 2);
      given[name] = value;
    } else throw new CliError(`Unknown option: --${name}`, 2);
  }
  return { words, given };
}

/** The language of the messages: --lang, French by default (the product's language). */
export function cliLanguage(option: string | true | undefined): 'fr-FR' | 'en-US' {
  if (option === undefined) return 'fr-FR';
  if (option === 'en-US' || option === 'fr-FR') return option;
  throw new CliError('--lang is fr-FR or en-US', 2);
}
