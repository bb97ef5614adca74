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
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/api/src/cli.ts', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', 'apps/api/test/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
