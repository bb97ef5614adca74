import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/helper.ts';
import { openDatabase } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const node = path.join(root, 'node_modules/.bin/node');
const inUse = /The data folder .* is already used by another Passerelle process \(pid (\d+)\)\. Stop it, or set DATA_DIR to another folder\./;

const folders: string[] = [];
function tempDataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'passerelle-lock-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The pid of a process that has just ended. */
function deadPid(): number {
  const child = spawnSync(node, ['-e', '']);
  if (!child.pid) throw new Error('no child');
  return child.pid;
}

// PGlite only: the folder lock guards the embedded database; the PostgreSQL run has nothing more to show.
describe.skipIf(testDbKind === 'postgres')('the PGlite data folder lock', () => {
  it('refuses a second open of one folder while the first is open, and allows it once closed', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(inUse);
      await expect(openDatabase({ dataDir })).rejects.toThrow(`(pid ${process.pid})`);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const second = await openDatabase({ dataDir });
    await second.close();
  });

  it('takes over the lock left by a process that died', async () => {
    const dataDir = tempDataDir();
    const file = path.join(dataDir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: deadPid(), hostname: os.hostname(), started: null }));
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses to start a second server on the DATA_DIR of a running one, with a clear message', async () => {
    const dataDir = tempDataDir();
    const env = {
      PATH: process.env['PATH'] ?? '',
      HOME: os.tmpdir(),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
    };
    const start = () => spawn(node, ['apps/api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const outputOf = (child: ChildProcess) => {
      let text = '';
      child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      return () => text;
    };

    const first = start();
    const firstOutput = outputOf(first);
    try {
      await new Promise<void>((resolve, reject) => {
        first.stdout?.on('data', () => firstOutput().includes('Passerelle ready') && resolve());
        first.on('exit', (code) => reject(new Error(`the first server stopped (${code}): ${firstOutput()}`)));
      });

      const second = start();
      const secondOutput = outputOf(second);
      const [code] = (await once(second, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(secondOutput()).toMatch(inUse);
      expect(secondOutput()).toContain(`(pid ${first.pid})`);
    } finally {
      first.kill('SIGTERM');
      if (first.exitCode === null) await once(first, 'exit');
    }
    expect(first.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
