/**
 * What each lazy route of the web app downloads, read from Vite's manifest (the pure half of `size-report.ts`).
 *
 * A route's download is its static import closure plus its companions: the chunks that closure imports dynamically
 * (reference lists, client validation, address search...), which the screen fetches as soon as it is used, with their
 * own closures and companions in turn. Other lazy roots and the locales are never companions: a root has its own row,
 * and the locales belong to the i18n set-up. Chunks of the first load are never counted again.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteDownload {
  /** The manifest key of the route's chunk. */
  key: string;
  /** Its source path, `src/` left out. */
  name: string;
  /** The chunks of its static closure that the first load lacks. */
  staticChunks: string[];
  /** The chunks it imports dynamically and fetches on first use, in the order they are found. */
  companions: string[];
  /** Everything it downloads on first use: static closure and companions' closures, the first load left out. */
  chunks: string[];
}

/** The chunk and everything it imports statically, added to `seen`. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const isLocale = (key: string) => /locales\//.test(key);

/**
 * The first load (entry and static imports) and, for each lazy root, what it downloads on first use. The lazy roots
 * are the JS chunks the first load imports dynamically: the router's lazy routes and the shell's few lazy pieces (the
 * mobile drawer...), locales aside.
 */
export function lazyDownloads(manifest: Manifest): { firstLoad: Set<string>; routes: RouteDownload[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the manifest: run npm run build');
  const firstLoad = closure(manifest, entryKey);
  const isLazyJs = (key: string) => manifest[key]?.file.endsWith('.js') === true && !isLocale(key);
  const dynamicImportsOf = (keys: Iterable<string>) => [...keys].flatMap((key) => manifest[key]?.dynamicImports ?? []);
  const roots = new Set([...new Set(dynamicImportsOf(firstLoad))].filter(isLazyJs).sort());
  const notFirst = (keys: Iterable<string>) => [...keys].filter((key) => !firstLoad.has(key));

  const routes = [...roots].map((key): RouteDownload => {
    const staticClosure = closure(manifest, key);
    const all = new Set(staticClosure);
    const companions: string[] = [];
    let found = dynamicImportsOf(staticClosure);
    while (found.length > 0) {
      const fresh = [...new Set(found)].filter((dep) => isLazyJs(dep) && !roots.has(dep) && !companions.includes(dep));
      const reached = new Set<string>();
      for (const dep of fresh) {
        companions.push(dep);
        closure(manifest, dep, reached);
      }
      for (const chunk of reached) all.add(chunk);
      found = dynamicImportsOf(reached);
    }
    return {
      key,
      name: (manifest[key]?.src ?? key).replace(/^src\//, ''),
      staticChunks: notFirst(staticClosure),
      companions,
      chunks: notFirst(all),
    };
  });
  return { firstLoad, routes };
}
