import { errorCodes } from '@passerelle/contract';
import type { RouteObject } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { supportedLanguages } from '../lib/i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });

function bundle(language: string, namespace: string): Record<string, unknown> {
  return files[`./${language}/${namespace}.json`]?.default ?? {};
}

/** Every leaf key of a bundle, dotted ("errors.NOT_FOUND"). */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function lookup(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      value,
    );
}

const namespaces = [
  ...new Set(Object.keys(files).map((path) => path.split('/')[2]?.replace(/\.json$/, '') ?? '')),
].sort();

function routeTitles(list: RouteObject[]): string[] {
  return list.flatMap((route) => {
    const handle = route.handle as { title?: unknown } | undefined;
    const own = typeof handle?.title === 'string' ? [handle.title] : [];
    return [...own, ...routeTitles(route.children ?? [])];
  });
}

describe('locales', () => {
  it('has the same namespaces in every language', () => {
    for (const language of supportedLanguages) {
      const present = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.split('/')[2]?.replace(/\.json$/, ''))
        .sort();
      expect(present, language).toEqual(namespaces);
    }
  });

  it.each(namespaces)('namespace %s has the same keys in fr-FR and en-US', (namespace) => {
    expect(leafKeys(bundle('en-US', namespace)).sort()).toEqual(leafKeys(bundle('fr-FR', namespace)).sort());
  });

  it.each(supportedLanguages)(
    '%s has a non-empty text for every API error code and for network failures',
    (language) => {
      const common = bundle(language, 'common');
      const missing = [...errorCodes, 'NETWORK'].filter((code) => {
        const text = lookup(common, `errors.${code}`);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing).toEqual([]);
    },
  );

  it.each(supportedLanguages)('%s has a title for every route of the route table', (language) => {
    const titles = routeTitles(routes);
    expect(titles.length).toBeGreaterThan(20);
    const missing = titles.filter((key) => {
      const [namespace = '', path = ''] = key.split(':');
      return typeof lookup(bundle(language, namespace), path) !== 'string';
    });
    expect(missing).toEqual([]);
  });

  it('has no empty text anywhere', () => {
    for (const language of supportedLanguages) {
      for (const namespace of namespaces) {
        const bundleOf = bundle(language, namespace);
        const empty = leafKeys(bundleOf).filter((key) => {
          const text = lookup(bundleOf, key);
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });
});
