// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint rules for every source file: ESLint's and typescript-eslint's recommended sets, and
 * eslint-plugin-astro's for the components. Formatting is Prettier's job (`npm run format`), the
 * boundaries between client/, contract/, site/ and tooling/ are dependency-cruiser's
 * (`.dependency-cruiser.mjs`), unused files and exports knip's (`knip.json`).
 */
export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'build/',
      '.astro/',
      '.cache/',
      '.netlify/',
      'test-results/',
      'playwright-report/',
      'tests/fixtures/',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_` marks a value left out on purpose (`const { a: _a, ...rest } = value`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Tests and the client read untyped JSON answers; `any` there is a decision, not an accident.
      '@typescript-eslint/no-explicit-any': 'off',
      // Finding control characters in a server's text (terminal escapes) is what the client's output guard and its tests do.
      'no-control-regex': 'off',
    },
  },
);
