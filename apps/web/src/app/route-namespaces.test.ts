import type { RouteObject } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { routeNamespaces, routePathAt } from './route-namespaces';
import { routes } from './router';

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

/** The routes whose screen is loaded lazily, with their full path and the lazy loaders on the way to them. */
function lazyRoutes(list: RouteObject[], parent = '', loaders: RouteObject['load'][] = []) {
  return list.flatMap((route): { path: string; loaders: RouteObject['load'][] }[] => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    const chain = route.load ? [...loaders, route.load] : loaders;
    const own = route.load && !route.children?.length ? [{ path: path || '/', loaders: chain }] : [];
    return [...own, ...lazyRoutes(route.children ?? [], path, chain)];
  });
}

/** The source file a lazy loader imports, found by the identity of the module's Component. */
async function fileOf(lazy: RouteObject['load']): Promise<string> {
  if (typeof lazy !== 'function') throw new Error('screens loaded on demand have a load function');
  const loaded = (await lazy()) as { Component?: unknown };
  for (const [key, load] of Object.entries(modules)) {
    const file = new URL(key, 'file:///src/app/').pathname;
    if (!/export (function|const) Component\b|\bas Component \}/.test(sources[file] ?? '')) continue;
    if ((await load()).Component === loaded.Component) return file;
  }
  throw new Error('screen module not found');
}

describe('route namespaces', () => {
  const screens = lazyRoutes(routes);

  it('names every screen of the route table, and nothing else, with namespaces that exist', () => {
    expect(screens.length).toBeGreaterThan(25);
    expect(Object.keys(routeNamespaces).sort()).toEqual([...new Set(screens.map((screen) => screen.path))].sort());
    for (const list of Object.values(routeNamespaces)) for (const ns of list) expect(locales).toContain(ns);
  });

  it('lists for each screen the namespaces its modules name, those of the first load aside', async () => {
    const firstLoad = staticGraph('/src/main.tsx');
    for (const screen of screens) {
      const files = new Set<string>();
      for (const loader of screen.loaders) {
        for (const file of staticGraph(await fileOf(loader))) if (!firstLoad.has(file)) files.add(file);
      }
      expect([...(routeNamespaces[screen.path] ?? [])].sort(), screen.path).toEqual(namespacesOf(files));
    }
  }, 60_000);

  it('finds the screen of a path, nested paths and parameters included', () => {
    expect(routePathAt(routes, '/')).toBe('/');
    expect(routePathAt(routes, '/espace-admissible/recherche')).toBe('/espace-admissible/recherche');
    expect(routePathAt(routes, '/gestion/dossiers/12')).toBe('/gestion/dossiers/:id');
    expect(routePathAt(routes, '/admissible/suiviRechercheEmployeur')).toBe('/admissible/suiviRechercheEmployeur/:id?');
  });
});
