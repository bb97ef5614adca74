/**
 * The portal's languages: French, and English for the people who ask for it. Apart from the schemas so that the web
 * app reads them without zod.
 */
export const languages = ['fr-FR', 'en-US'] as const;
