/**
 * `npm test`: everything, in the order that fails fastest: typecheck and lint, unit and component tests, API tests on PGlite and
 * on the local PostgreSQL server, web build with its size budgets, then end-to-end journeys in Chromium.
 * Ends with one summary line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'passerelle-test-'));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let passed = 0;
let failed = 0;

function run(title: string, cmd: string, args: string[]): boolean {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(`--- ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.status === 0;
}

function vitest(title: string, projects: string[]): boolean {
  const out = path.join(reports, `${projects.join('-')}.json`);
  const ok = run(title, npx, [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  if (!ok && !existsSync(out)) failed += 1;
  return ok;
}

function step(title: string, cmd: string, args: string[]): boolean {
  const ok = run(title, cmd, args);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

const results = [
  step('typecheck contract', npx, ['tsc', '-p', 'packages/contract']) &&
    step('typecheck api', npx, ['tsc', '-p', 'apps/api']) &&
    step('typecheck web', npx, ['tsc', '-p', 'apps/web']) &&
    step('typecheck scripts, e2e, bench', npx, ['tsc', '-p', 'tsconfig.json']) &&
    step('lint', npx, ['eslint', '.']) &&
    step('import cycles', process.execPath, [
      'node_modules/.bin/depcruise',
      '--config',
      '.dependency-cruiser.cjs',
      'apps/api/src',
      'apps/web/src',
      'packages/contract/src',
    ]),
  vitest('unit and component tests', ['unit', 'web']),
  vitest('API tests (PGlite and PostgreSQL)', ['api-pglite', 'api-postgres']),
  step('web build', 'npm', ['run', 'build']) &&
    step('size budgets', process.execPath, ['scripts/size-report.ts']) &&
    vitest('end-to-end (Chromium)', ['e2e']),
];

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.every(Boolean) && failed === 0 ? 0 : 1);
