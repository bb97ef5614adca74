/**
 * A web address as zod's `z.url()` judges it (zod 4.6, `$ZodURL`), without zod: what the URL parser accepts, then its
 * protocol and host against the schema's patterns. forms/format.test.ts holds the two in agreement.
 */
export interface UrlOptions {
  protocol?: RegExp;
  hostname?: RegExp;
}

/** The URL parser deletes ASCII tabs and line breaks before it parses; the value kept drops them too. */
export const stripTabAndNewline = (value: string) => value.replace(/[\t\n\r]/g, '');

/** The parsed address, or undefined when the parser (or the http guard) refuses it. */
function parseUrl(trimmed: string, options: UrlOptions): URL | true | undefined {
  if (!options.protocol && !options.hostname) return URL.canParse(trimmed) ? true : undefined;
  // zod's guard for http and https without normalisation: "http:example.com" and "https:/path" are refused.
  if (options.protocol?.source === '^https?$' && !/^https?:\/\//i.test(trimmed)) return undefined;
  return URL.parse(trimmed) ?? undefined;
}

const matches = (pattern: RegExp, value: string) => {
  pattern.lastIndex = 0;
  return pattern.test(value);
};

/** Whether `value` (already trimmed) is a web address with this protocol and host. */
export function isUrl(value: string, options: UrlOptions = {}): boolean {
  const url = parseUrl(value, options);
  if (url === undefined) return false;
  if (url === true) return true;
  if (options.hostname && !matches(options.hostname, url.hostname)) return false;
  const protocol = url.protocol.endsWith(':') ? url.protocol.slice(0, -1) : url.protocol;
  return !options.protocol || matches(options.protocol, protocol);
}
