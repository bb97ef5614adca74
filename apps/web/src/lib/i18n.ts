import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys } from './storage-keys';

export const supportedLanguages = ['fr-FR', 'en-US'] as const;
export type AppLanguage = (typeof supportedLanguages)[number];

/** Every namespace is a JSON file per language in src/locales, loaded when first used. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: Error) => callback(err, false),
    );
  },
};

export function storedLanguage(): AppLanguage {
  try {
    const stored = localStorage.getItem(storageKeys.lang);
    if (stored === 'fr-FR' || stored === 'en-US') return stored;
  } catch {
    // ignore
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

function applyLanguage(language: string) {
  document.documentElement.lang = language;
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = storedLanguage();
  applyLanguage(lng);
  await i18next
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en-US',
      supportedLngs: supportedLanguages,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  i18next.on('languageChanged', (language) => {
    applyLanguage(language);
    try {
      localStorage.setItem(storageKeys.lang, language);
    } catch {
      // ignore
    }
  });
  return i18next;
}

/** Language prefix the content feed expects (`?lang=fr|en`). */
export const feedLanguage = (language: string): 'fr' | 'en' => (language.startsWith('en') ? 'en' : 'fr');
