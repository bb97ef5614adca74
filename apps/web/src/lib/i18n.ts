import { languages } from '@passerelle/contract/languages';
import { useMemo, useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';
import { formatNumber } from './number-format';

/**
 * The app's translations: the JSON files of src/locales/<language>/<namespace>.json, one namespace per file, loaded
 * when first used, in the current language only (a key missing in one language fails locales.test.ts, never falls
 * back at run time). The i18next API subset the app uses, and the features its texts use: nested keys, `ns:` prefixes,
 * `{{name}}` and `{{name, number}}`, plurals (`_one`, `_other` by Intl.PluralRules, and `_zero` for 0), defaultValue.
 * docs/decisions/0032-translations-runtime.md.
 */

export const supportedLanguages = languages;
export type AppLanguage = (typeof languages)[number];

type Bundle = Record<string, unknown>;
/** `count` as a number picks the plural form; as text (already formatted) it is only shown. */
export type TOptions = { count?: number | string; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const bundleFiles = import.meta.glob<{ default: Bundle }>('../locales/*/*.json');

/** The namespaces, as the locale files name them. */
const namespaces = new Set(
  Object.keys(bundleFiles).map((file) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length)),
);
const defaultNamespace = 'common';

const bundles = new Map<string, Bundle>();
const loads = new Map<string, Promise<void>>();
const bundleId = (language: string, namespace: string) => `${language}/${namespace}`;

function loadNamespace(language: AppLanguage, namespace: string): Promise<void> {
  const id = bundleId(language, namespace);
  let load = loads.get(id);
  if (load) return load;
  const file = bundleFiles[`../locales/${id}.json`];
  if (!file) return Promise.reject(new Error(`No translations ${id}`));
  load = file().then(
    (module) => {
      bundles.set(id, module.default);
    },
    (error: unknown) => {
      // A failed fetch may be tried again (the route error page offers a reload, a retry renders again).
      loads.delete(id);
      throw error;
    },
  );
  loads.set(id, load);
  return load;
}

const isLoaded = (language: string, list: readonly string[]) => list.every((ns) => bundles.has(bundleId(language, ns)));

/**
 * One wait per language and list of namespaces, so that a suspended screen waits on the same promise every render. A
 * failed wait stays until the screen that suspended on it has seen the failure (see useTranslation).
 */
interface Wait {
  promise: Promise<void>;
  failure?: { error: unknown };
  /** Whether a component suspended on it (else it is a preload or a test's). */
  suspended: boolean;
}
const waits = new Map<string, Wait>();
const waitId = (language: string, list: readonly string[]) => `${language}|${list.join(',')}`;

function waitFor(language: AppLanguage, list: readonly string[]): Wait {
  const id = waitId(language, list);
  let wait = waits.get(id);
  // A failed preload is tried again by the screen itself.
  if (wait?.failure && !wait.suspended) wait = undefined;
  if (!wait) {
    const created: Wait = {
      promise: Promise.all(list.map((ns) => loadNamespace(language, ns))).then(() => undefined),
      suspended: false,
    };
    created.promise.catch((error: unknown) => {
      created.failure = { error };
    });
    waits.set(id, created);
    wait = created;
  }
  return wait;
}

const whenLoaded = (language: AppLanguage, list: readonly string[]) => waitFor(language, list).promise;

let currentLanguage: AppLanguage = 'fr-FR';
const listeners = new Set<() => void>();

function lookup(bundle: Bundle | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** `ns:key` names its namespace; any other key is in `namespace`. A colon after an unknown name is part of the key. */
function splitKey(key: string, namespace: string): [string, string] {
  const colon = key.indexOf(':');
  if (colon > 0) {
    const prefix = key.slice(0, colon);
    if (namespaces.has(prefix)) return [prefix, key.slice(colon + 1)];
  }
  return [namespace, key];
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The formats `{{name, format}}` may name (locales.test.ts refuses any other). */
export const interpolationFormats = ['number'] as const;

/**
 * `{{name}}` becomes the value as text, unescaped (React escapes), `{{name, number}}` the number in the language's
 * format. A name absent from the values stays as written (as i18next does); a value given as null or undefined is empty.
 */
export function interpolate(text: string, values: Record<string, unknown> | undefined, language: string): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, inner: string) => {
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    if (value === null || value === undefined) return '';
    const format = comma < 0 ? '' : inner.slice(comma + 1).trim();
    if (format === 'number') return formatNumber(Number(value), language);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    // The screens pass texts and numbers only (dates already formatted); anything else shows as data, not "[object]".
    return JSON.stringify(value);
  });
}

/** The keys tried for `key`, in order: with a count, `_zero` for 0, then the plural category, then the bare key. */
function candidateKeys(key: string, language: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  const category = `${key}_${pluralCategory(language, count)}`;
  return count === 0 ? [`${key}_zero`, category, key, `${key}_other`] : [category, key, `${key}_other`];
}

function find(language: string, namespace: string, key: string, count: unknown): string | undefined {
  const [ns, path] = splitKey(key, namespace);
  const bundle = bundles.get(bundleId(language, ns));
  for (const candidate of candidateKeys(path, language, count)) {
    const text = lookup(bundle, candidate);
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** The text of `key` in `language`; a missing key gives `defaultValue` when there is one, else the key itself. */
export function translate(language: string, namespace: string, key: string, options?: TOptions): string {
  const text = find(language, namespace, key, options?.count) ?? options?.defaultValue;
  if (text === undefined) {
    // No fallback language: a key missing from a file shows as itself, which development and the tests report.
    if (import.meta.env.DEV) console.warn(`Missing translation ${language}/${splitKey(key, namespace).join(':')}`);
    return splitKey(key, namespace)[1];
  }
  return interpolate(text, options, language);
}

function applyLanguage(language: string) {
  // Only when it changes: setting the page's language, even to the same value, made the browser set up the language's
  // text resources again, in the start-up task (issue 13: 7-10 ms of it measured, on every first load in French).
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

const isSupported = (language: string): language is AppLanguage =>
  (supportedLanguages as readonly string[]).includes(language);

/** The runtime's state, for code outside components (forms' resolvers, the sign-in link) and tests. */
export const i18n = {
  get language(): AppLanguage {
    return currentLanguage;
  },
  /** Whether `key` (`ns:key`, else in common) has a text in the current language. */
  exists(key: string): boolean {
    return find(currentLanguage, defaultNamespace, key, undefined) !== undefined;
  },
  /** Loads the namespaces (one or several) in the current language. */
  loadNamespaces(list: string | readonly string[]): Promise<void> {
    return whenLoaded(currentLanguage, typeof list === 'string' ? [list] : list);
  },
  /**
   * Switches to `language` once every namespace loaded so far has its text in it (the screens never show keys), saves
   * the choice and sets the page's language. An unknown language is ignored.
   */
  async changeLanguage(language: string): Promise<void> {
    if (!isSupported(language)) return;
    const loaded = [...namespaces].filter((ns) => bundles.has(bundleId(currentLanguage, ns)));
    await whenLoaded(language, loaded);
    currentLanguage = language;
    applyLanguage(language);
    try {
      localStorage.setItem(storageKeys.lang, language);
    } catch {
      // Private mode or full storage: the choice lasts until the page is left.
    }
    for (const listener of listeners) listener();
  },
};

export type I18n = typeof i18n;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getLanguage = () => currentLanguage;

/**
 * The texts of `ns` (the first namespace of a list is the one unprefixed keys are in; the others are loaded with it
 * for `other:key`). The component suspends until they are loaded in the current language, and renders again when the
 * language changes.
 */
export function useTranslation(ns: string | readonly string[] = defaultNamespace): { t: TFunction; i18n: I18n } {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const list = typeof ns === 'string' ? [ns] : ns;
  const namespace = list[0] ?? defaultNamespace;
  if (!isLoaded(language, list)) {
    const wait = waitFor(language, list);
    if (wait.failure) {
      // The fetch failed: the screen's error boundary says so and offers a reload; the next render fetches again.
      waits.delete(waitId(language, list));
      throw wait.failure.error;
    }
    // Suspends as react-i18next did, by throwing the load's promise: React renders again once it settles. (With use(),
    // the component tests' renders stayed suspended.)
    wait.suspended = true;
    throw wait.promise;
  }
  const t = useMemo<TFunction>(
    () => (key, options) => translate(language, namespace, key, options),
    [language, namespace],
  );
  return { t, i18n };
}

export function storedLanguage(): AppLanguage {
  try {
    const stored = localStorage.getItem(storageKeys.lang);
    if (stored !== null && isSupported(stored)) return stored;
  } catch {
    // Storage unavailable: French, the default.
  }
  return 'fr-FR';
}

/** Whether a language was chosen in this browser (the menu, or an earlier sign-in); none: French by default. */
export function hasChosenLanguage(): boolean {
  try {
    return localStorage.getItem(storageKeys.lang) !== null;
  } catch {
    return false;
  }
}

/** The namespaces the shell renders on every screen: the header's (common) and the sign-in link's gate (auth). */
const shellNamespaces = [defaultNamespace, 'auth'];

/**
 * Sets the saved language (French when none) at once, so that loads asked for next are in it, and resolves once the
 * shell's texts are loaded, fetched side by side.
 */
export function initI18n(): Promise<I18n> {
  currentLanguage = storedLanguage();
  applyLanguage(currentLanguage);
  for (const listener of listeners) listener();
  return whenLoaded(currentLanguage, shellNamespaces).then(() => i18n);
}

/** Language prefix the content feed expects (`?lang=fr|en`). */
export const feedLanguage = (language: string): 'fr' | 'en' => (language.startsWith('en') ? 'en' : 'fr');
