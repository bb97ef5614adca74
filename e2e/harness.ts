import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * The pieces of a portal under test, shared by the suite's harness (global-setup.ts) and the journeys that need a portal
 * of their own (first-day.e2e.ts, on an empty database): a free port, a real SMTP server writing every mail to a folder,
 * the server process and its health wait.
 */

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** An SMTP server on a free port that writes each mail received to `mailDir` as `{ to, raw }` JSON. */
export async function startMailCapture(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(mailDir, { recursive: true });
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        n += 1;
        // Written under a temporary name, then renamed: a reader never sees a half-written mail.
        const file = path.join(mailDir, `${Date.now()}-${String(n).padStart(5, '0')}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

const mailFiles = (mailDir: string) =>
  readdirSync(mailDir)
    .filter((file) => file.endsWith('.json'))
    .sort();

/** The newest mail's file name in `mailDir` (names sort by arrival), to wait for a later one. */
export const newestMailFile = (mailDir: string): string => mailFiles(mailDir).at(-1) ?? '';

/** The personal sign-in link of the newest mail to `email` in `mailDir` that came after the file `after`. */
export async function waitForMailLink(mailDir: string, email: string, after = '', timeoutMs = 20_000): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const files = mailFiles(mailDir)
      .filter((file) => file > after)
      .reverse();
    for (const file of files) {
      const { to, raw } = JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as { to: string[]; raw: string };
      if (!to.includes(email.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"<>]+[?&]t=[A-Za-z0-9_-]+/.exec((await PostalMime.parse(raw)).text ?? '')?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no sign-in link to ${email} within ${timeoutMs} ms`);
}

/** The environment of a portal on `port` in `work`, sending its mail to the capture on `smtpPort`. */
export function portalEnv(port: number, work: string, smtpPort: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_POLL_INTERVAL_MS: '200',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** The real server (built web app and API) with `env`, once its health check answers. */
export async function startPortal(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${env['PUBLIC_URL'] ?? ''}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGTERM');
  throw new Error('server did not become healthy');
}

/** Stops a server started by startPortal and waits for its exit. */
export async function stopPortal(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
