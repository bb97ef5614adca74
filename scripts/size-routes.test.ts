import { describe, expect, it } from 'vitest';
import { lazyDownloads, type Manifest } from './size-routes.ts';

/**
 * A small app: the entry loads the shell and imports the routes, a locale and a lazy drawer dynamically; the sheet
 * route fetches its lists and validation on first use, the validation fetching one more piece, and the sheet links
 * to the home route (a route is never a companion).
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shell.js'],
    dynamicImports: ['src/home.tsx', 'src/sheet.tsx', 'src/locales/fr.json', 'src/drawer.tsx'],
  },
  '_shell.js': { file: 'assets/shell.js' },
  'src/locales/fr.json': { file: 'assets/fr.js', src: 'src/locales/fr.json', isDynamicEntry: true },
  'src/drawer.tsx': { file: 'assets/drawer.js', src: 'src/drawer.tsx', isDynamicEntry: true, imports: ['_shell.js'] },
  'src/home.tsx': {
    file: 'assets/home.js',
    src: 'src/home.tsx',
    isDynamicEntry: true,
    imports: ['_form.js', '_shell.js'],
  },
  'src/sheet.tsx': {
    file: 'assets/sheet.js',
    src: 'src/sheet.tsx',
    isDynamicEntry: true,
    imports: ['_form.js', '_sheet-common.js'],
    dynamicImports: ['src/home.tsx', 'src/locales/fr.json'],
  },
  '_sheet-common.js': {
    file: 'assets/sheet-common.js',
    imports: ['index.html'],
    dynamicImports: ['src/lists.ts', 'src/validation.ts'],
  },
  '_form.js': { file: 'assets/form.js' },
  'src/lists.ts': { file: 'assets/lists.js', src: 'src/lists.ts', isDynamicEntry: true, imports: ['_zod.js'] },
  'src/validation.ts': {
    file: 'assets/validation.js',
    src: 'src/validation.ts',
    isDynamicEntry: true,
    imports: ['_zod.js', '_schemas.js'],
    dynamicImports: ['src/extra.ts'],
  },
  'src/extra.ts': { file: 'assets/extra.js', src: 'src/extra.ts', isDynamicEntry: true, imports: ['_form.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  '_schemas.js': { file: 'assets/schemas.js', imports: ['_zod.js'] },
};

describe('lazyDownloads', () => {
  const { firstLoad, routes } = lazyDownloads(manifest);
  const route = (name: string) => routes.find((r) => r.name === name);

  it('has one row per chunk the first load imports dynamically, locales aside', () => {
    expect([...firstLoad].sort()).toEqual(['_shell.js', 'index.html']);
    expect(routes.map((r) => r.name)).toEqual(['drawer.tsx', 'home.tsx', 'sheet.tsx']);
  });

  it('counts a route without companions by its static closure, first load left out', () => {
    expect(route('home.tsx')).toMatchObject({
      staticChunks: ['src/home.tsx', '_form.js'],
      companions: [],
      chunks: ['src/home.tsx', '_form.js'],
    });
  });

  it('adds what a route fetches on first use, companions of companions included, each chunk once', () => {
    const sheet = route('sheet.tsx');
    expect(sheet?.staticChunks.sort()).toEqual(['_form.js', '_sheet-common.js', 'src/sheet.tsx']);
    expect(sheet?.companions).toEqual(['src/lists.ts', 'src/validation.ts', 'src/extra.ts']);
    expect(sheet?.chunks.sort()).toEqual(
      [
        '_form.js',
        '_schemas.js',
        '_sheet-common.js',
        '_zod.js',
        'src/extra.ts',
        'src/lists.ts',
        'src/sheet.tsx',
        'src/validation.ts',
      ].sort(),
    );
  });

  it('refuses a manifest without an entry', () => {
    expect(() => lazyDownloads({ 'src/a.ts': { file: 'assets/a.js' } })).toThrow(/no entry/);
  });
});
