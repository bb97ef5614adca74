/**
 * Import cycles, run by `npm run lint` after ESLint (which checks the layers: eslint.config.js). Type-only imports
 * count: two files whose types need each other cannot be read, moved or tested apart either. Dependency-cruiser rather
 * than eslint-plugin-import-x's no-cycle, which skips type-only imports and so saw none of the API's cycles
 * (docs/decisions/0039-libraries-over-our-own.md).
 *
 * No cycle is known or allowed: the web app's last two went with app/route-handle.ts (the route table's handle type,
 * read by the router and its guard) and app/layouts/drawer-content.tsx (the links both drawers show).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: move what both sides need into a third file that imports neither.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|migrations)/' },
  },
};
