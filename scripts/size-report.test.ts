import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileHintProblems, formLibraryProblems } from './size-report.ts';
import type { Manifest } from './size-routes.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';

describe('compileHintProblems', () => {
  let dist = '';
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  /** A built app's folder: its manifest and each chunk's text. */
  function build(files: Record<string, { key: string; src?: string; code: string }>) {
    dist = mkdtempSync(path.join(tmpdir(), 'passerelle-size-report-'));
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, 'assets'));
    const manifest: Manifest = {};
    for (const [file, { key, src, code }] of Object.entries(files)) {
      manifest[key] = src ? { file, src } : { file };
      writeFileSync(path.join(dist, file), code);
    }
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    return dist;
  }

  it('accepts every chunk hinted but the on-demand pdf.js pages, and ignores the styles', () => {
    const folder = build({
      'assets/index.js': { key: 'index.html', src: 'index.html', code: `${HINT}const a=1;` },
      'assets/search.js': { key: 'src/search.tsx', src: 'src/search.tsx', code: `${HINT}export{}` },
      'assets/pdf-pages.js': {
        key: 'src/features/signature/utils/pdf-pages.ts',
        src: 'src/features/signature/utils/pdf-pages.ts',
        code: 'export{}',
      },
      'assets/index.css': { key: 'style.css', code: 'body{}' },
    });
    expect(compileHintProblems(folder)).toEqual([]);
  });

  it('names a chunk without the hint, one with the hint on its second line, and a hinted on-demand chunk', () => {
    const folder = build({
      'assets/index.js': { key: 'index.html', src: 'index.html', code: 'const a=1;' },
      'assets/shared.js': { key: '_shared.js', code: `const __vite__mapDeps=0;\n${HINT}` },
      'assets/pdf-pages.js': {
        key: 'src/features/signature/utils/pdf-pages.ts',
        src: 'src/features/signature/utils/pdf-pages.ts',
        code: `${HINT}export{}`,
      },
    });
    expect(compileHintProblems(folder)).toEqual([
      'assets/index.js: no compile hint',
      'assets/shared.js: no compile hint',
      'assets/pdf-pages.js: on demand, yet marked to compile as it loads',
    ]);
  });
});

describe('formLibraryProblems', () => {
  let dist = '';
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  /** A build whose entry lazily imports the cases screen and a sheet screen, each with the given static imports. */
  function build(casesImports: string[]) {
    dist = mkdtempSync(path.join(tmpdir(), 'passerelle-size-forms-'));
    mkdirSync(path.join(dist, '.vite'));
    const cases = 'src/features/portal/cases/portal-cases-page.tsx';
    const sheet = 'src/features/sheets/funding-page.tsx';
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, dynamicImports: [cases, sheet] },
      [cases]: { file: 'assets/portal-cases-page.js', src: cases, isDynamicEntry: true, imports: casesImports },
      [sheet]: { file: 'assets/funding-page.js', src: sheet, isDynamicEntry: true, imports: ['_zod.js', '_rhf.js'] },
      '_zod.js': { file: 'assets/zod-B1x.js' },
      '_rhf.js': { file: 'assets/react-hook-form-C2y.js' },
      '_shared.js': { file: 'assets/shared-D3z.js', imports: [] },
    };
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    return dist;
  }

  it('lets a form screen fetch zod and react-hook-form', () => {
    expect(formLibraryProblems(build(['_shared.js']))).toEqual([]);
  });

  it('names a form-free screen that fetches them, even through a shared file', () => {
    const folder = build(['_shared.js']);
    const manifest = JSON.parse(readFileSync(path.join(folder, '.vite/manifest.json'), 'utf8')) as Manifest;
    manifest['_shared.js'] = { file: 'assets/shared-D3z.js', imports: ['_zod.js', '_rhf.js'] };
    writeFileSync(path.join(folder, '.vite/manifest.json'), JSON.stringify(manifest));
    expect(formLibraryProblems(folder)).toEqual([
      'features/portal/cases/portal-cases-page.tsx fetches assets/zod-B1x.js',
      'features/portal/cases/portal-cases-page.tsx fetches assets/react-hook-form-C2y.js',
    ]);
  });
});
