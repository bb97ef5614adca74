import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import type { DataKeys } from '../../lib/crypto.ts';
import { revealSecret, sealSecret } from './mail-secret.ts';

// A queued mail's secret put back as it is sent: for the demo loader, which reads the code its people would receive.
export { revealSecret };
import { claimDueMail, insertMail, markMailAttemptFailed, markMailDelivered, type OutboxMail } from './mail.repo.ts';

// The templates and their building blocks, for the modules that write mails of their own (auth, sheets, contact).
export {
  button,
  escapeHtml,
  formatDuration,
  htmlLayout,
  mailTextFooter,
  paragraph,
  quotedBlock,
  renderMail,
  setMailContact,
  type MailContent,
} from './templates.ts';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A secret the texts hold (a signature code): queued encrypted with these keys, a placeholder in its place, put back
   * at sending only (mail-secret.ts).
   */
  secret?: { value: string; keys: DataKeys };
}

export interface QueuedMail {
  id: number;
  /** The Message-ID it is sent with, every time it is sent. */
  messageId: string;
}

/**
 * A fresh RFC 5322 Message-ID on the domain of the From address (`Name <no-reply@school.fr>` gives
 * `<uuid@school.fr>`), so that receiving servers see a Message-ID of the sender's own domain.
 */
export function newMessageId(mailFrom: string): string {
  const address = /<([^>]*)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1).replace(/[^A-Za-z0-9.-]/g, '');
  return `<${randomUUID()}@${domain || 'localhost'}>`;
}

/**
 * Queues a mail; the worker sends it. Takes a transaction too, so that a mail is queued only when
 * the change it reports is committed. Its Message-ID (on the domain of the sender's address) is decided now, kept in
 * the row and returned: evidence names the mail before it leaves (SIGNING.md 3), and a send repeated after a crash
 * (the server took the mail, the process died before noting it) goes with the same one, which receivers deduplicate.
 */
export async function enqueueMail(db: Db | Tx, mail: NewMail, sender: Pick<Config, 'MAIL_FROM'>): Promise<QueuedMail> {
  const messageId = newMessageId(sender.MAIL_FROM);
  const texts = mail.secret ? sealSecret(mail, mail.secret.value, mail.secret.keys) : { ...mail, sealedSecret: null };
  const row = await insertMail(db, {
    toAddress: mail.to.trim().toLowerCase(),
    subject: texts.subject,
    textBody: texts.text,
    htmlBody: texts.html ?? null,
    messageId,
    sealedSecret: texts.sealedSecret,
  });
  return { id: row.id, messageId };
}

/** How one queued mail leaves the building: SMTP, or the console when no SMTP server is configured. */
export interface MailSender {
  kind: 'smtp' | 'console';
  /** Answers the Message-ID the mail went with (null when printed). */
  send(mail: OutboxMail): Promise<string | null>;
  close(): void;
}

/**
 * A claimed mail stays locked this long: one send, bounded by the SMTP timeouts below (10 s to connect, 10 s for the
 * greeting, 30 s of silence), with room to note it sent. Mails are claimed one at a time, so that a process that dies
 * mid-queue holds one mail for a minute at most, and never the others.
 */
export const SEND_LEASE_SECONDS = 60;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;

/** 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
}

export function createMailSender(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  out: Pick<NodeJS.WriteStream, 'write'> = process.stdout,
): MailSender {
  if (!config.SMTP_URL) return createConsoleSender(out);
  const url = config.SMTP_URL;
  // nodemailer is loaded with the first mail to send, not with the portal (nor at all without SMTP_URL).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    ));
  return {
    kind: 'smtp',
    async send(mail) {
      // A mail queued before Message-IDs were decided at queuing (a queue left from an older version) gets one now.
      const messageId = mail.messageId ?? newMessageId(config.MAIL_FROM);
      const smtp = await transportOnce();
      await smtp.sendMail({
        messageId,
        from: config.MAIL_FROM,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
      });
      return messageId;
    },
    close: () =>
      void transport?.then(
        (made) => made.close(),
        () => {},
      ),
  };
}

/**
 * With no SMTP server (a first run, a demo offline) the mail is printed so that a newcomer can follow
 * the sign-in link. It goes to stdout directly, never through the logger: structured logs are kept
 * and shipped, and must never hold a link or an address.
 */
function createConsoleSender(out: Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean }): MailSender {
  return {
    kind: 'console',
    async send(mail) {
      // A framed block, in colour on a terminal, so that a newcomer finds the sign-in link among the server's lines.
      const paint = (code: number, text: string) => (out.isTTY ? `\u001b[${code}m${text}\u001b[0m` : text);
      const top = paint(36, `┌${'─'.repeat(3)} MAIL (not sent: SMTP_URL is not set) ${'─'.repeat(33)}`);
      const bottom = paint(36, `└${'─'.repeat(71)}`);
      const bar = paint(36, '│');
      const body = mail.textBody.split('\n').map((line) => `${bar} ${/https?:\/\//.test(line) ? paint(1, line) : line}`);
      out.write(['', top, `${bar} To: ${mail.toAddress}`, `${bar} Subject: ${mail.subject}`, bar, ...body, bottom, '', ''].join('\n'));
      return mail.messageId;
    },
    close() {},
  };
}

export interface DeliveryReport {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * Sends the mails due now, one claim after another, until none is due. A mail whose attempt fails goes back
 * to the queue with a growing delay, so this returns even while the SMTP server is down.
 */
export async function deliverDueMails(
  db: Db,
  sender: MailSender,
  options: { maxAttempts: number; log: FastifyBaseLogger; shouldStop?: () => boolean; keys?: DataKeys },
): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, retried: 0, failed: 0 };
  for (;;) {
    if (options.shouldStop?.()) return report;
    const mail = await claimDueMail(db, SEND_LEASE_SECONDS);
    if (!mail) return report;
    try {
      const messageId = await sender.send(revealSecret(mail, options.keys));
      await markMailDelivered(db, mail.id, sender.kind === 'smtp' ? 'sent' : 'printed', messageId);
      report.delivered += 1;
    } catch (err) {
      const giveUp = mail.attempts >= options.maxAttempts;
      await markMailAttemptFailed(db, mail.id, { giveUp, retryInSeconds: retryDelaySeconds(mail.attempts), error: describeError(err) });
      report[giveUp ? 'failed' : 'retried'] += 1;
      // The id and the error's code only: an SMTP answer often quotes the recipient's address.
      options.log.warn({ mailId: mail.id, attempts: mail.attempts, code: errorCode(err), giveUp }, 'mail not sent');
    }
  }
}

/** Sends everything due now with a sender built from the configuration (tests, one-off scripts). */
export async function drainMailOutbox(app: FastifyInstance): Promise<DeliveryReport> {
  const sender = createMailSender(app.config);
  try {
    const keys = await loadDataKeys(app.db, app.config);
    return await deliverDueMails(app.db, sender, { maxAttempts: app.config.MAIL_MAX_ATTEMPTS, log: app.log, keys });
  } finally {
    sender.close();
  }
}

export function errorCode(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code;
  return err instanceof Error ? err.name : 'UNKNOWN';
}

/** Kept in the outbox row (which holds the address anyway), cut to a sane length. */
function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `${errorCode(err)}: ${message}`.slice(0, 500);
}
