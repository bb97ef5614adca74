/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts the portal
 * (API + web app on one port, embedded database in ./data unless DATABASE_URL is set).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  // npm puts node_modules/.bin first on PATH, where `npm install` linked the pinned Node 24 (decision 0006).
  console.error(`Passerelle runs on Node.js 24 LTS; this is ${process.version}. Start it with \`npm start\` after \`npm install\`.`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(web, 'src'), path.join(web, 'index.html'), path.join(root, 'packages/contract/src')];
const stale = !existsSync(built) || sources.some((s) => (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  try {
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error('The web app did not build: see the errors above.');
    process.exit(1);
  }
}

await import('../apps/api/src/server.ts');
