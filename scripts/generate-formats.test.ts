import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { formatsDir, formatsSources } from './generate-formats.ts';

it("the browser's format table is the one the contract's schemas give (run node scripts/generate-formats.ts)", async () => {
  const sources = await formatsSources();
  expect(
    readdirSync(formatsDir)
      .map((name) => path.join(formatsDir, name))
      .sort(),
  ).toEqual([...sources.keys()].sort());
  for (const [file, source] of sources) expect(readFileSync(file, 'utf8'), file).toBe(source);
});
