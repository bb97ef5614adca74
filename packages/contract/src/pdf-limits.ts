/**
 * The bounds of a PDF sent to the portal (issue 27), and why one is refused. Apart, without zod, so that the API's PDF
 * workers read them without loading the contract.
 */

/** Pages a PDF may have: the API refuses a longer one under its field (`file.pdf_too_many_pages` names the number). */
export const PDF_MAX_PAGES = 500;

/**
 * Why a PDF is refused, at upload (the field's `file.pdf_<reason>`) or at sealing (staff's case page). damaged: it
 * cannot be read (no page tree, a page tree that loops or shares a node); too_complex: too many objects, too much
 * compressed data, a page tree too deep, or more memory or time than a reader is given; too_many_pages: over
 * PDF_MAX_PAGES.
 */
export const pdfRefusals = ['damaged', 'too_complex', 'too_many_pages'] as const;
export type PdfRefusal = (typeof pdfRefusals)[number];
