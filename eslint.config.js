import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint/import-layers.js';

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
  // A focused or skipped test never lands: it would hide the rest of the suite or a broken case.
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(only|skip|todo|fixme|skipIf|runIf)$/][object.name=/^(it|test|describe|suite)$/]',
          message: 'No focused, skipped or todo tests: every test runs in npm test.',
        },
        {
          selector: 'MemberExpression[property.name=/^(only|skip|todo|fixme|skipIf|runIf)$/][object.property.name=/^(describe|step|each)$/]',
          message: 'No focused, skipped or todo tests: every test runs in npm test.',
        },
      ],
    },
  },
  // ARCHITECTURE's import rules (eslint/import-layers.js).
  {
    files: ['src/**/*.{ts,tsx,astro}', 'api/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/import-layers': 'error' },
  },
);
