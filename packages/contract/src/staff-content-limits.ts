// The content back office's limits, without zod: the web screen reads them without loading the schemas (size budget).

/** The longest html a section may hold: a few screens of text, far more than a card shows. */
export const CMS_HTML_MAX = 50_000;
export const CMS_TITLE_MAX = 120;
export const PUBLIC_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PARTNER_LOGO_MAX_BYTES = 1024 * 1024;
