import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** Test support only (imported by *.test.ts): a real SMTP server on 127.0.0.1 that keeps what it receives. */
export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message received, parsed, with the envelope recipients. */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: Email;
}

/** Listens on `port` (a free one when 0). No TLS and no authentication: a local conversation only. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback();
          })
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (it was free a moment ago): an SMTP server that is down. */
export async function findClosedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The sign-in link found in a mail's text. */
export function linkIn(mail: ReceivedMail | undefined): string {
  const match = mail?.parsed.text?.match(/https?:\/\/\S+\?t=[\w-]+/);
  if (!match) throw new Error('no sign-in link in the mail');
  return match[0];
}

/** The token of a sign-in link. */
export function tokenOf(link: string): string {
  const t = new URL(link).searchParams.get('t');
  if (!t) throw new Error('no token in the link');
  return t;
}
