import net from 'node:net';

/** What a scanner says of some bytes: clean, or the name of the signature it matched. */
export type ScanVerdict = { clean: true } | { clean: false; signature: string };

/** Anything that can look at an upload before it is stored (ClamAV's clamd, or a test double). */
export interface FileScanner {
  /** Throws `ScannerUnavailableError` when it cannot answer: the caller refuses the file (fail closed). */
  scan(bytes: Uint8Array): Promise<ScanVerdict>;
}

export class ScannerUnavailableError extends Error {
  constructor(reason: string) {
    super(`antivirus unavailable: ${reason}`);
    this.name = 'ScannerUnavailableError';
  }
}

type ClamdAddress = { path: string } | { host: string; port: number };

/** `tcp://host:port`, `unix:///run/clamav/clamd.ctl` or a bare socket path. */
export function parseClamdUrl(url: string): ClamdAddress {
  if (url.startsWith('tcp://')) {
    const parsed = new URL(url);
    const port = Number(parsed.port || 3310);
    if (!parsed.hostname || !Number.isInteger(port)) throw new Error(`CLAMD_URL is not a tcp://host:port address`);
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port };
  }
  if (url.startsWith('unix://')) return { path: url.slice('unix://'.length) };
  if (url.startsWith('/')) return { path: url };
  throw new Error('CLAMD_URL must be tcp://host:port, unix:///path or /path');
}

/** clamd's own default StreamMaxLength is 25 MB; chunks well under it keep memory flat on both sides. */
const chunkBytes = 64 * 1024;

/**
 * Speaks clamd's INSTREAM command: `zINSTREAM\0`, then chunks each prefixed by its length as 4 bytes big-endian, then a
 * zero-length chunk; clamd answers `stream: OK` or `stream: <signature> FOUND` (NUL-terminated with the z prefix). One
 * connection per scan: clamd closes it after the answer anyway.
 */
export function createClamdScanner(url: string, timeoutMs: number): FileScanner {
  const address = parseClamdUrl(url);
  return {
    scan: (bytes) =>
      new Promise<ScanVerdict>((resolve, reject) => {
        const socket = 'path' in address ? net.createConnection(address.path) : net.createConnection(address);
        const replies: Buffer[] = [];
        let settled = false;
        const fail = (reason: string) => {
          if (settled) return;
          settled = true;
          socket.destroy();
          reject(new ScannerUnavailableError(reason));
        };
        socket.setTimeout(timeoutMs, () => fail('timed out'));
        socket.on('error', (err: NodeJS.ErrnoException) => fail(err.code ?? err.message));
        socket.on('data', (data) => replies.push(data));
        socket.on('end', () => {
          if (settled) return;
          settled = true;
          socket.destroy();
          const reply = Buffer.concat(replies).toString('utf8').replace(/\0/g, '').trim();
          const verdict = parseReply(reply);
          if (verdict) resolve(verdict);
          else reject(new ScannerUnavailableError(`unexpected reply: ${reply.slice(0, 200)}`));
        });
        socket.on('connect', () => {
          socket.write('zINSTREAM\0');
          for (let offset = 0; offset < bytes.byteLength; offset += chunkBytes) {
            const chunk = bytes.subarray(offset, Math.min(offset + chunkBytes, bytes.byteLength));
            const length = Buffer.alloc(4);
            length.writeUInt32BE(chunk.byteLength);
            socket.write(length);
            socket.write(chunk);
          }
          socket.write(Buffer.alloc(4));
        });
      }),
  };
}

/** `stream: OK`, `stream: Eicar-Test-Signature FOUND`; anything else (`INSTREAM size limit exceeded. ERROR`) is no verdict. */
function parseReply(reply: string): ScanVerdict | undefined {
  if (reply === 'stream: OK') return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  return found?.[1] ? { clean: false, signature: found[1] } : undefined;
}

/** The configured scanner, or none when CLAMD_URL is not set (uploads are then stored unscanned). */
export function createFileScanner(config: {
  CLAMD_URL?: string | undefined;
  CLAMD_TIMEOUT_MS: number;
}): FileScanner | undefined {
  return config.CLAMD_URL ? createClamdScanner(config.CLAMD_URL, config.CLAMD_TIMEOUT_MS) : undefined;
}
