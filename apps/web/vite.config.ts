import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { shellTextsPreload } from './build/shell-texts-preload';

/** V8's explicit compile hint (Chromium 136 on; other engines ignore the comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/**
 * The modules whose chunk keeps V8's lazy compilation: pdf.js, ~440 KB fetched when a person opens a document to read it
 * in the page, most of whose functions never run (the size report's on-demand chunks, scripts/size-report.ts).
 */
const LAZILY_COMPILED = /[\\/](pdfjs-dist[\\/]|src[\\/]features[\\/]signature[\\/]utils[\\/]pdf-pages\.ts$)/;

/**
 * Each chunk starts with V8's compile hint, so that Chromium compiles its functions on a background thread while the
 * file downloads. Without it V8 compiles a function on the main thread the first time it runs: measured on the search
 * screen (issue 13), ~400 functions in the start-up task (10-17 ms of its 40-100 ms) and ~410 more in the first render
 * (10-13 ms of 30-36 ms), each of which Lighthouse multiplies by four on its simulated phone. The app's chunks are what a
 * screen runs as it shows, the startup chunk included; pdf.js is left to lazy compilation. The comment must open the
 * file (a second line is ignored), so it is added after Vite's own preamble, once the chunks are final; the file names'
 * hashes do not cover it, which is safe as every build adds the same line. docs/decisions/0037-compile-hints.md.
 */
function compileHints(): Plugin {
  return {
    name: 'passerelle:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.moduleIds.some((id) => LAZILY_COMPILED.test(id))) continue;
          chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), compileHints(), shellTextsPreload()],
  // The server replaces this placeholder with each response's nonce (apps/api/src/plugins/web.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    // The first load is one file on purpose (better compression, one request): ~600 KB before compression.
    chunkSizeWarningLimit: 800,
    modulePreload: {
      // The first load lists, for each lazy screen, the chunks to fetch alongside it (about 20 bytes a name, each
      // screen two dozen). The back office's screens (staff only, on office desktops, used all day) skip that list:
      // their chunks come one round trip later the first time, and every applicant's first load stays within budget.
      // docs/decisions/0017-back-office-pipeline-screen.md. The signing screen too (opened once or twice per case, from
      // a mail: its own API call waits for it anyway); docs/decisions/0018-signature-screen.md.
      resolveDependencies: (filename, deps) => (/(^|\/)(staff-[a-z-]*|signature-)page-/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports hoist-non-react-statics for its side effects only, for withTheme, which the app never
        // uses; the package does not declare itself side-effect free, so it (and its own old copy of react-is) stayed
        // in the first load.
        moduleSideEffects: [{ test: /node_modules\/hoist-non-react-statics\//, sideEffects: false }],
      },
      output: {
        // Everything the first screen loads goes in one file (it is all fetched at startup anyway): compressed as a
        // whole it is ~20 KB smaller than the ~26 pieces Rolldown otherwise cuts it into, and one request instead of
        // 26. The price: any release changes that file, where libraries alone in a file would stay cached.
        codeSplitting: {
          groups: [
            { name: 'startup', tags: ['$initial'] },
            // What fourteen or more screens share (page header, form fields, dialogs, validation texts, date formats):
            // one file, where Rolldown cut it into a piece per set of screens sharing it. The search screen fetched 40
            // files of 1-3 KB, six at a time on a phone's slow network, each started from the main thread (a link
            // element apiece, ~1 ms); it now fetches 32. Screens that use little of it fetch a few KB more, each within
            // the 60 KB budget (scripts/size-report.ts). docs/decisions/0034-loading-a-screen.md.
            // react-hook-form and its resolver: a file of their own, fetched by the screens holding a form only (in the
            // shared file, every screen fetched them).
            {
              name: 'react-hook-form',
              test: /node_modules\/(react-hook-form|@hookform\/resolvers)\//,
              includeDependenciesRecursively: false,
            },
            // zod, and the contract's rules that run through it (rules/refinements.ts): a file of their own, fetched by
            // the screens that validate with them only (the forms and the sheets). Shared by fourteen screens since
            // issue 28, they had joined the shared file, and every screen, the offers search and the applicant's cases
            // included, fetched zod's 23 KB brotli before showing. `npm run size` fails when one of those screens
            // fetches this file again (scripts/size-report.ts, FORM_FREE_SCREENS).
            {
              name: 'zod',
              test: /(node_modules\/zod\/|packages\/contract\/src\/rules\/refinements\.ts$)/,
              includeDependenciesRecursively: false,
            },
            { name: 'shared', minShareCount: 14, includeDependenciesRecursively: false },
            // The read-only sheets (components/sheet-summary), shared by the sheet screens and the back office's case
            // page: one file, rather than the pieces each set of screens sharing a part of them would otherwise get.
            // Their own imports stay where they are (date-format, shared far wider).
            {
              name: 'sheet-summary',
              test: /src\/(components\/sheet-summary\/(specs|sheet-summary|spec-values|use-lists|fingerprint|value-at|information-parts)|features\/sheets\/common\/(contract-mirrors|dates))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
