import { errorCodes } from '@passerelle/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { interpolationFormats, supportedLanguages } from '../lib/i18n';

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

/** The app's source files, tests aside, as text. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

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

  it.each(supportedLanguages)('%s uses only what the translations runtime (lib/i18n.ts) supports', (language) => {
    const placeholder = new RegExp(String.raw`^\{\{\s*\w+\s*(,\s*(${interpolationFormats.join('|')})\s*)?\}\}$`);
    const categories = ['zero', ...new Intl.PluralRules(language).resolvedOptions().pluralCategories];
    const problems: string[] = [];
    for (const namespace of namespaces) {
      const keys = leafKeys(bundle(language, namespace));
      for (const key of keys) {
        const where = `${namespace}:${key}`;
        const text = lookup(bundle(language, namespace), key);
        // Nested objects only: a name with a dot or a colon would not be found by its path.
        if (key.split('.').some((part) => part.includes(':'))) problems.push(`${where}: colon in a key`);
        if (typeof text !== 'string') continue;
        for (const found of text.match(/\{\{.*?\}\}/g) ?? []) {
          if (!placeholder.test(found)) problems.push(`${where}: ${found}`);
        }
        if (text.includes('$t(')) problems.push(`${where}: nesting`);
        const plural = /_(zero|one|two|few|many|other)$/.exec(key);
        if (plural && !categories.includes(plural[1] ?? '')) problems.push(`${where}: no such plural form`);
        if (plural && !keys.includes(key.replace(/_[a-z]+$/, '_other'))) problems.push(`${where}: no _other form`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a French text for every key written out in a t() call', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, text] of Object.entries(sources)) {
      // The namespaces of the file's useTranslation() calls; a key without prefix is in one of them (in the first of
      // its own call, which a file with several calls does not tell apart here).
      const own = [...text.matchAll(/useTranslation\(\s*(?:\[\s*)?'([^']+)'/g)].map((match) => match[1] ?? '');
      if (/useTranslation\(\s*\)/.test(text)) own.push('common');
      for (const [, key = ''] of text.matchAll(/\bt\(\s*'([^'$]+)'/g)) {
        const colon = key.indexOf(':');
        const candidates = colon > 0 ? [key.slice(0, colon)] : own;
        const path = colon > 0 ? key.slice(colon + 1) : key;
        // A shared component given its namespace by its caller (the CSV import dialog) is not checked here.
        if (candidates.length === 0) continue;
        checked += 1;
        const found = candidates.some((namespace) =>
          ['', '_one', '_other'].some(
            (suffix) => typeof lookup(bundle('fr-FR', namespace), path + suffix) === 'string',
          ),
        );
        if (!found) missing.push(`${file}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });
});
