/**
 * Import cycles, run by `npm run lint` after ESLint (which checks the layers: eslint.config.js). Type-only imports
 * count: two files whose types need each other cannot be read, moved or tested apart either. Dependency-cruiser rather
 * than eslint-plugin-import-x's no-cycle, which skips type-only imports and so saw none of the API's cycles
 * (docs/decisions/0039-libraries-over-our-own.md).
 *
 * The two cycles of the web app's app/ folder (router.tsx and route-guard.tsx, nav-drawer.tsx and mobile-drawer.tsx)
 * are listed in .dependency-cruiser-known-violations.json until those files are reworked; a new cycle fails. After removing one, regenerate the list:
 * `npx depcruise --config .dependency-cruiser.cjs -T baseline apps/api/src apps/web/src packages/contract/src`
 * (it writes .dependency-cruiser-known-violations.json).
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
