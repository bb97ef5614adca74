import type { Plugin } from 'vite';
import { defaultLanguage, shellNamespaces } from '../src/lib/shell-texts';
import { storageKeys } from '../src/lib/storage-keys';

/**
 * The shell's texts (lib/shell-texts.ts) start downloading beside the startup chunk rather than after it. They are
 * fetched by the startup code (lib/i18n.ts), so a first load went document, startup chunk (175 KB), then texts: a round
 * trip more before the first paint, on a phone's network. A small script in index.html's head (run under the page's
 * nonce) reads the saved language, as lib/i18n.ts does, and adds a module preload of that language's shell texts; the
 * startup's own `import()` then finds them fetched or on their way. Only the current language's files are asked for.
 */
export function shellTextsPreload(): Plugin {
  const namespaces = new RegExp(`/locales/([^/]+)/(${shellNamespaces.join('|')})\\.json$`);
  return {
    name: 'passerelle:shell-texts-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files: Record<string, string[]> = {};
        for (const chunk of Object.values(context.bundle ?? {})) {
          const match = chunk.type === 'chunk' && chunk.facadeModuleId ? namespaces.exec(chunk.facadeModuleId) : null;
          if (match?.[1]) (files[match[1]] ??= []).push(`/${chunk.fileName}`);
        }
        if (!files[defaultLanguage]) throw new Error(`No shell texts found for ${defaultLanguage}`);
        const script = preloadScript(files);
        return [{ tag: 'script', attrs: { nonce: '__CSP_NONCE__' }, children: script, injectTo: 'head' }];
      },
    },
  };
}

/** The script index.html runs: the saved language's shell texts (French when none saved, or one the build lacks). */
export function preloadScript(files: Record<string, string[]>): string {
  return (
    `(function(files){var language;try{language=localStorage.getItem(${JSON.stringify(storageKeys.lang)})}catch(e){}` +
    `(files[language]||files[${JSON.stringify(defaultLanguage)}]).forEach(function(href){` +
    `var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)})` +
    `})(${JSON.stringify(files)})`
  );
}
