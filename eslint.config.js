// Lint for the whole workspace. Boundaries from STYLE.md are enforced with import restrictions:
// shared-schema stays pure, and web and sync-server never import each other.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      'web/dev-dist/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared-schema/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'shared-schema does no I/O.' },
            {
              group: ['dexie', 'fastify', 'react', 'react-dom', '@mantine/*', 'better-sqlite3'],
              message: 'shared-schema depends only on zod and dayjs.',
            },
            {
              group: ['**/web/**', '**/sync-server/**'],
              message: 'shared-schema imports nothing of the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sync-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', '@pilbara/web'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sync-server/**', '@pilbara/sync-server'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
);
