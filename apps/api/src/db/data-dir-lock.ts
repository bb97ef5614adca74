import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'passerelle.lock';

/** Who holds a data folder: written in the lock file. */
interface Holder {
  pid: number;
  hostname: string;
  /** The process's start time as Linux counts it (/proc/<pid>/stat), to tell a reused pid from the holder. */
  started: string | null;
}

/** Folders locked by this process: a second open in the same process is refused too (tests, a programming error). */
const heldHere = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string') return undefined;
    return { pid: value.pid, hostname: value.hostname, started: typeof value.started === 'string' ? value.started : null };
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder may still run. Another host's process cannot be checked: it counts as running. Our own pid in a
 * file we do not hold is a previous life of this process (a container restarted, where the server is always pid 1).
 */
function isRunning(holder: Holder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTimeOf(holder.pid);
  return !(holder.started && started && started !== holder.started);
}

function inUse(dataDir: string, file: string, holder: Holder | undefined): Error {
  const who = holder ? `pid ${holder.pid}${holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`}` : 'unknown';
  const hint = !holder || holder.hostname !== os.hostname() ? ` If no such process runs, delete ${file}.` : '';
  return new Error(
    `The data folder ${dataDir} is already used by another Passerelle process (${who}). Stop it, or set DATA_DIR to another folder.${hint}`,
  );
}

/**
 * Takes the data folder for this process, or throws a clear error when another live process has it. The lock file is
 * created exclusively ('wx'); a lock left by a process that died (kill -9, power cut) is taken over.
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, LOCK_FILE);
  const mine: Holder = { pid: process.pid, hostname: os.hostname(), started: startTimeOf(process.pid) };
  if (heldHere.has(file)) throw inUse(folder, file, mine);

  // Two tries: the second follows the removal of a dead holder's file. Two processes taking over one dead lock at
  // the same instant could both succeed; a restart racing another start on one folder is left to the operator.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      heldHere.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    // A file that cannot be read is one being written this instant by another process starting.
    if (!holder || isRunning(holder)) throw inUse(folder, file, holder);
    rmSync(file, { force: true });
  }
  throw inUse(folder, file, readHolder(file));
}
