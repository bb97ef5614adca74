/**
 * Writes packages/contract/src/forms/formats/*.ts, the format table the web app's forms check with in the browser
 * (docs/decisions/0028-client-validation-without-zod.md), from the contract's zod schemas listed in
 * forms/form-schemas.ts: `node scripts/generate-formats.ts` after changing one of them (a unit test fails until then).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { formatsModule } from '../packages/contract/src/forms/describe.ts';
import { formSchemas } from '../packages/contract/src/forms/form-schemas.ts';

export const formatsDir = path.resolve(import.meta.dirname, '../packages/contract/src/forms/formats');

/** Each module of the table: its file and its text. */
export async function formatsSources(): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const [group, schemas] of Object.entries(formSchemas)) {
    const file = path.join(formatsDir, `${group}.ts`);
    sources.set(file, await format(formatsModule(schemas), { ...(await resolveConfig(file)), filepath: file }));
  }
  return sources;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sources = await formatsSources();
  mkdirSync(formatsDir, { recursive: true });
  for (const name of readdirSync(formatsDir))
    if (!sources.has(path.join(formatsDir, name))) rmSync(path.join(formatsDir, name));
  for (const [file, source] of sources) writeFileSync(file, source);
  console.log(`wrote ${sources.size} modules in ${path.relative(process.cwd(), formatsDir)}`);
}
