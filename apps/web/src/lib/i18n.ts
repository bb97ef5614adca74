import { languages } from '@passerelle/contract/languages';
import i18next, { type Namespace, type ParseKeys } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, defaultNamespace, shellNamespaces } from './shell-texts';
import { storageKeys } from './storage-keys';

/**
 * The app's translations through i18next and react-i18next: the JSON files of src/locales/<language>/<namespace>.json,
 * one namespace per file and one chunk each, loaded when a screen first needs them (route loaders call
 * `i18n.loadNamespaces`, `useTranslation` suspends until they are there). Keys are typed from the French files
 * (locales/resources.ts). docs/decisions/0038-react-and-the-fields-libraries.md.
 */

export const supportedLanguages = languages;
export type AppLanguage = (typeof languages)[number];

/** The formats `{{name, format}}` may name (locales.test.ts refuses any other): i18next's Intl number format. */
export const interpolationFormats = ['number'] as const;

/**
 * SPEC: English is the fallback language: a language the portal does not have (a German browser's) reads English. French
 * has no run-time fallback: i18next loads each namespace in the fallback language too, so a French visitor fetched the
 * English texts of every screen it opened, which it never reads. A key missing in one language is caught before run
 * time instead: by the types (locales/resources.ts) and by locales.test.ts.
 */
const fallbackLanguages = { 'fr-FR': [], default: ['en-US'] };

const bundleFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const backend = resourcesToBackend((language: string, namespace: string) => {
  const file = bundleFiles[`../locales/${language}/${namespace}.json`];
  if (!file) return Promise.reject(new Error(`No translations ${language}/${namespace}`));
  return file().then((module) => module.default);
});

export const i18n = i18next.createInstance();

const isSupported = (language: string): language is AppLanguage =>
  (supportedLanguages as readonly string[]).includes(language);

export function storedLanguage(): AppLanguage {
  try {
    const stored = localStorage.getItem(storageKeys.lang);
    if (stored !== null && isSupported(stored)) return stored;
  } catch {
    // Storage unavailable: French, the default.
  }
  return defaultLanguage satisfies AppLanguage;
}

/** Whether a language was chosen in this browser (the menu, or an earlier sign-in); none: French by default. */
export function hasChosenLanguage(): boolean {
  try {
    return localStorage.getItem(storageKeys.lang) !== null;
  } catch {
    return false;
  }
}

function applyLanguage(language: string) {
  // Only when it changes: setting the page's language, even to the same value, made the browser set up the language's
  // text resources again, in the start-up task (issue 13: 7-10 ms of it measured, on every first load in French).
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/** Set while the saved language is applied at start: a visitor who never chose one must not be saved as choosing. */
let isApplyingStored = false;

i18n.on('languageChanged', (language: string) => {
  applyLanguage(language);
  if (isApplyingStored) return;
  try {
    localStorage.setItem(storageKeys.lang, language);
  } catch {
    // Private mode or full storage: the choice lasts until the page is left.
  }
});

let initialised: Promise<unknown> | undefined;

/**
 * Starts i18next in the saved language (French when none) and resolves once the shell's texts are loaded. Called
 * again (tests), it goes back to the saved language.
 */
export async function initI18n(): Promise<typeof i18n> {
  const language = storedLanguage();
  isApplyingStored = true;
  try {
    initialised ??= i18n
      .use(backend)
      .use(initReactI18next)
      .init({
        lng: language,
        // The language is set at once, not in a later task: main.tsx creates the router (whose loaders read
        // `i18n.language`, the content feed's language among them) before the shell's texts are here.
        initAsync: false,
        fallbackLng: fallbackLanguages,
        supportedLngs: supportedLanguages,
        // The language as saved, "fr-FR", never its "fr" part: the files are named by the whole code.
        load: 'currentOnly',
        ns: [...shellNamespaces],
        defaultNS: defaultNamespace,
        // React escapes what it renders; the texts are never put in HTML.
        interpolation: { escapeValue: false },
        // A group of texts asked as a text is a missing key, never "[object Object]".
        returnObjects: false,
        react: { useSuspense: true },
      });
    await initialised;
    if (i18n.language !== language) await i18n.changeLanguage(language);
  } finally {
    isApplyingStored = false;
  }
  applyLanguage(i18n.language);
  await i18n.loadNamespaces([...shellNamespaces]);
  return i18n;
}

/** A key of the namespace(s) `NS`, unprefixed for the first, `ns:key` for the others (i18next's own key type). */
export type TranslationKey<NS extends Namespace = 'common'> = ParseKeys<NS>;

/**
 * A key made from data at run time (a status number, a sheet spec's field name, an error code): i18next's types cannot
 * follow a template, so the key is taken as one of `NS`'s. locales.test.ts checks the data's values against the files
 * where the values are known (error codes, statuses, route titles); an unknown one shows as the key, as any missing key.
 */
export const builtKey = <NS extends Namespace>(key: string) => key as TranslationKey<NS>;

/** Language prefix the content feed expects (`?lang=fr|en`). */
export const feedLanguage = (language: string): 'fr' | 'en' => (language.startsWith('en') ? 'en' : 'fr');
