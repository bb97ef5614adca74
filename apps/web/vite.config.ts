import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The server replaces this placeholder with each response's nonce (apps/api/src/plugins/web.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    // The first load is one file on purpose (better compression, one request): ~600 KB before compression.
    chunkSizeWarningLimit: 800,
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
          groups: [{ name: 'startup', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
