/**
 * The language a visitor reads before choosing one, and the translation namespaces the shell renders on every screen
 * (the header's, common, and the sign-in link's gate, auth). Apart from lib/i18n.ts so that the build (vite.config.ts)
 * reads them without i18next: it writes, in index.html, the fetch of these texts beside the startup chunk's.
 */
export const defaultLanguage = 'fr-FR';
export const defaultNamespace = 'common';
export const shellNamespaces = [defaultNamespace, 'auth'] as const;
