// Type-aware lint for the whole monorepo: typescript-eslint, React hooks, jsx-a11y, import boundaries.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const muiBarrels = ['@mui/material', '@mui/icons-material'].map((name) => ({
  name,
  message: 'Import MUI by path (@mui/material/Button) to keep bundles small.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', 'apps/api/src/db/migrations/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': ['error', { paths: muiBarrels }],
    },
  },
  // A web feature imports only shared folders (components, lib) and the contract, never another feature (STYLE.md):
  // from a file n folders below its feature, n+1 `../` reach the features folder, so a path climbing exactly n+1
  // levels and going down again names a feature; `features/` named in a path is refused at any depth.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: muiBarrels,
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[^./][^/]*|(^|/)features/`,
              message: 'Features do not import each other; move shared code to components/, lib/ or the contract.',
            },
          ],
        },
      ],
    },
  })),
  // The API's layers (docs/decisions/0039-libraries-over-our-own.md): lib/ (helpers that know no database) and the
  // contract at the bottom; db/ (client, schema, what is stored outside a module) on lib; modules/ on both; app.ts,
  // server.ts, cli/ and demo/ on top. Tests drive the whole app and are exempt (below). Cycles: .dependency-cruiser.cjs.
  {
    files: ['apps/api/src/lib/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!config\\.ts$)', message: 'lib/ imports only lib/, the parsed config and packages.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/db/*.ts', 'apps/api/src/db/schema/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules|plugins|demo|cli)/|^(\\.\\./)+(app|server|cli)\\.ts$',
              message: 'db/ imports only db/, lib/, the parsed config and packages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(demo|cli)/|^\\.\\./(app|server|cli)\\.ts$', message: 'Modules sit below app.ts, demo/ and cli/.' }] },
      ],
    },
  },
  {
    // An API module reaches another module through its service only, never its repo or internals (STYLE.md); the
    // service re-exports what the others need. Tests may import internals for fixtures (below).
    files: ['apps/api/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?![^/]+\\.service\\.ts$)',
              message: "Import another module through its service (../<module>/<module>.service.ts), never its repo or internals.",
            },
            {
              regex: '^\\.\\./\\.\\./(demo|cli)/|^\\.\\./\\.\\./(app|server|cli)\\.ts$',
              message: 'Modules sit below app.ts, demo/ and cli/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/{lib,db,modules}/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/api/src/cli.ts', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', 'apps/api/test/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  { files: ['eslint.config.js', '.dependency-cruiser.cjs'], ...tseslint.configs.disableTypeChecked },
);
