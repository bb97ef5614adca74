import sanitize from 'sanitize-html';

/** Relative hrefs navigate inside the app; anything with a scheme must be one of these. */
const allowedSchemes = ['http', 'https', 'mailto'];
const translateKeyPattern = /^portal:[\w.-]{1,100}$/;

const options: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'span'],
  allowedAttributes: { a: ['href', 'data-translate-key', 'target', 'rel'] },
  allowedSchemes,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // "//host/path" leaves the site while looking relative.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these is code or fallback markup, never content to show.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'iframe', 'noscript', 'object', 'embed', 'template', 'title'],
  transformTags: {
    a: (tagName, attribs) => {
      const attrs: Record<string, string> = {};
      if (attribs['href'] !== undefined) attrs['href'] = attribs['href'];
      const key = attribs['data-translate-key'];
      if (key !== undefined && translateKeyPattern.test(key)) attrs['data-translate-key'] = key;
      // A new tab must not get a handle on this window (reverse tabnabbing).
      if (attribs['target'] === '_blank') {
        attrs['target'] = '_blank';
        attrs['rel'] = 'noopener noreferrer';
      }
      return { tagName, attribs: attrs };
    },
  },
};

/**
 * Cleans html of the content feed: a short list of formatting tags, links with http(s), mailto or relative
 * addresses, no event handler, script, style or frame. Applied when a section is written and again when it
 * is read, so rows written by other means (imports, SQL) are safe too.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options);
}
