/**
 * After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset, once, at the best ratio, so
 * that the server sends them as they are (`@fastify/static` preCompressed) without compressing on each request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
// mjs: pdf.js's worker (the signing screen's PDF reader) keeps the extension it is published with.
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

let count = 0;
for (const file of walk(dist)) {
  if (!compressible.test(file) || file.endsWith('index.html')) continue;
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} assets (.br, .gz)`);
