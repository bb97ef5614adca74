/**
 * What the French full-text index reads, and what a query becomes before it meets the index: lower case,
 * accents removed (NFD, then combining marks dropped), ligatures spelled out. The same function runs on
 * insert and on query, so "developpeur", "Développeur" and "DÉVELOPPEUR" reach the same lexeme.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** The searchable text of an offer: title, company and description. */
export function offerSearchText(offer: { title: string; companyName: string; description: string }): string {
  return normaliseSearchText(`${offer.title}\n${offer.companyName}\n${offer.description}`);
}
