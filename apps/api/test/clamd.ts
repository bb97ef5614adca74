import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The EICAR test file: every antivirus reports it, and it is harmless (https://www.eicar.org/download-anti-malware-testfile/). */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const eicarSignature = 'Passerelle-Test-EICAR';

const clamdPath = '/usr/sbin/clamd';

export interface TestClamd {
  /** CLAMD_URL of the running daemon (its unix socket). */
  url: string;
  stop(): Promise<void>;
}

/** Answers when clamd answers PING on the socket, so that a test never scans against a daemon still loading. */
function pings(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    let reply = '';
    socket.on('connect', () => socket.write('zPING\0'));
    socket.on('data', (data) => (reply += data.toString()));
    socket.on('end', () => resolve(reply.startsWith('PONG')));
    socket.on('error', () => resolve(false));
  });
}

/**
 * Debian's clamd (package clamav-daemon, installed by .ci/run), started for the tests in a folder of its own with one
 * signature: EICAR anywhere in a file. Signatures cannot be downloaded here, so the official database is not used.
 * A missing clamd fails the test run: upload scanning must be proven, not skipped.
 */
export async function startClamd(): Promise<TestClamd> {
  if (!existsSync(clamdPath)) throw new Error(`${clamdPath} is missing: install Debian's clamav-daemon (see .ci/run)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'passerelle-clamd-'));
  const socketPath = path.join(dir, 'clamd.sock');
  await writeFile(path.join(dir, 'test.ndb'), `${eicarSignature}:0:*:${Buffer.from(EICAR).toString('hex')}\n`);
  await writeFile(
    path.join(dir, 'clamd.conf'),
    [
      `Foreground yes`,
      `LocalSocket ${socketPath}`,
      `DatabaseDirectory ${dir}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(clamdPath, ['-c', path.join(dir, 'clamd.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (data: Buffer) => (errors += data.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (!(existsSync(socketPath) && (await pings(socketPath)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`clamd did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: socketPath, stop };
}
