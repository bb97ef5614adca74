import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './route-handle';
import { routes } from './router';
import { screenModuleOf, type ScreenModule } from './screen';

/** Every source file of the app, as text, by its path from src ("/src/app/router.tsx"). */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([key, text]) => [new URL(key, 'file:///src/app/').pathname, text]),
);
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.tsx', '!../**/*.test.tsx', '!../test/**']);
const locales = Object.keys(import.meta.glob('../locales/fr-FR/*.json')).map((key) =>
  key.replace(/^.*\/|\.json$/g, ''),
);

function resolve(from: string, specifier: string): string | undefined {
  const base = new URL(specifier, `file://${from}`).pathname;
  return [`${base}.ts`, `${base}.tsx`].find((candidate) => candidate in sources);
}

/** The file and every file it imports statically (type-only imports aside), added to `seen`. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, specifier = ''] of (sources[file] ?? '').matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';/gm)) {
    const target = resolve(file, specifier);
    if (target) staticGraph(target, seen);
  }
  return seen;
}

/** The namespaces the files name in useTranslation(...), `common` aside (it is loaded at start). */
function namespacesOf(files: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const file of files) {
    for (const [, args = ''] of (sources[file] ?? '').matchAll(/useTranslation\(([^)]*)\)/g)) {
      for (const [, ns = ''] of args.matchAll(/'([^']+)'/g)) found.add(ns);
    }
  }
  found.delete('common');
  return [...found].sort();
}

type Load = () => Promise<ScreenModule>;

/** The routes whose screen is loaded lazily, with their full path and the namespaces their handle declares. */
function lazyRoutes(list: RouteObject[], parent = '') {
  return list.flatMap((route): { path: string; load: Load; namespaces: readonly string[] }[] => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    const load = screenModuleOf(route);
    const namespaces = (route.handle as RouteHandle | undefined)?.namespaces ?? [];
    const own = load ? [{ path: path || '/', load, namespaces }] : [];
    return [...own, ...lazyRoutes(route.children ?? [], path)];
  });
}

/** The source file a lazy loader imports, found by the identity of the module's Component. */
async function fileOf(load: Load): Promise<string> {
  const loaded = await load();
  for (const [key, module] of Object.entries(modules)) {
    const file = new URL(key, 'file:///src/app/').pathname;
    if (!/export (function|const) Component\b|\bas Component \}/.test(sources[file] ?? '')) continue;
    if ((await module()).Component === loaded.Component) return file;
  }
  throw new Error('screen module not found');
}

describe('the route table', () => {
  const screens = lazyRoutes(routes);

  it('loads every screen on demand, with namespaces that exist', () => {
    expect(screens.length).toBeGreaterThan(25);
    for (const screen of screens) for (const ns of screen.namespaces) expect(locales, screen.path).toContain(ns);
  });

  it('declares on each screen route the namespaces its modules name, those of the first load aside', async () => {
    const firstLoad = staticGraph('/src/main.tsx');
    for (const screen of screens) {
      const files = new Set<string>();
      for (const file of staticGraph(await fileOf(screen.load))) if (!firstLoad.has(file)) files.add(file);
      expect([...screen.namespaces].sort(), screen.path).toEqual(namespacesOf(files));
    }
  }, 60_000);

  it('matches nested paths, parameters and optional segments', () => {
    const deepest = (pathname: string) => matchRoutes(routes, pathname)?.at(-1);
    expect(deepest('/espace-admissible/recherche')?.route.id).toBe('portal-search');
    expect(deepest('/gestion/dossiers/12')?.params).toEqual({ id: '12' });
    expect(deepest('/admissible/suiviRechercheEmployeur')?.params).toEqual({});
  });

  it.each(['/%E0%A4%A', '/une-page-qui-n-existe-pas'])('sends %s somewhere rather than failing', async (path) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    router.initialize();
    await new Promise<void>((resolve) => {
      if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
      const stop = router.subscribe((state) => {
        if (state.initialized && state.navigation.state === 'idle') {
          stop();
          resolve();
        }
      });
    });
    expect(router.state.location.pathname).toBe(path === '/%E0%A4%A' ? '/404' : '/unauthorized');
    expect(router.state.errors).toBeNull();
    router.dispose();
  });
});
