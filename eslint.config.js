import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'reports/', 'test-results/', 'playwright-report/', 'tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // The storefront speaks only the API contract: nothing in src/ reaches into the top-level api/.
  ...[1, 2, 3, 4, 5].map((depth) => ({
    files: [`src/${'*/'.repeat(depth - 1)}*.{ts,tsx,astro}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [`${'../'.repeat(depth)}api/**`], message: 'src/ talks to the store API only through src/lib/api.' }] },
      ],
    },
  })),
);
