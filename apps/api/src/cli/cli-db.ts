import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import pino from 'pino';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { refreshMailContact } from '../modules/contact/contact.service.ts';
import { createMailSender, deliverDueMails, type DeliveryReport } from '../modules/mail/mail.service.ts';

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
    // The mails a command queues end with the CFA's contact, as the server's do (the settings', or the environment's).
    await refreshMailContact(database.db, config);
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

/**
 * The words and options of a command, by node:util's parseArgs (strict: an option not declared is refused). Its
 * refusals are worded as ours, naming the option as the operator typed it, and exit 2 (a usage error).
 */
export function parseCliArgs<const O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { words: positionals, given: values };
  } catch (err) {
    throw refusalOf(err, argv, options);
  }
}

/** The option parseArgs refused, found again among its tokens (lenient, which refuses nothing). */
function refusalOf(err: unknown, argv: string[], options: ParseArgsOptionsConfig): unknown {
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return err;
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const type = options[token.name]?.type;
    if (type === undefined) return new CliError(`Unknown option: ${token.rawName}`, 2);
    if (type === 'string' && token.value === undefined) return new CliError(`${token.rawName} needs a value`, 2);
    if (type === 'boolean' && token.value !== undefined) return new CliError(`${token.rawName} takes no value`, 2);
  }
  return err;
}

/** The language of the messages: --lang, French by default (the product's language). */
export function cliLanguage(option: string | undefined): 'fr-FR' | 'en-US' {
  if (option === undefined) return 'fr-FR';
  if (option === 'en-US' || option === 'fr-FR') return option;
  throw new CliError('--lang is fr-FR or en-US', 2);
}
