/**
 * What `npm run mutate` mutates, and the unit tests that must notice: one Stryker run per group
 * (the tests named run once per mutant, so a group names only the test files that cover its
 * modules), a score per file. A module joins this list with the tests that pin it, at the
 * threshold, never below it.
 */
export interface MutatedGroup {
  /** A short name for the group: its results are kept under this name in `reports/mutation/`. */
  name: string;
  /** The modules mutated, relative to the project's root. */
  files: string[];
  /** The unit test files run against each mutant. */
  tests: string[];
}

export const MUTATED_MODULES: MutatedGroup[] = [
  {
    name: 'retry-policy',
    files: ['client/src/api/retry-policy.ts'],
    tests: [
      'tests/unit/cli-retry-policy.test.ts',
      'tests/unit/cli-retry-rule.test.ts',
      'tests/unit/cli-rate-limit.test.ts',
    ],
  },
  {
    name: 'rate-limit',
    files: ['contract/rate-limit.ts', 'contract/rate-limit-fields.ts'],
    tests: ['tests/unit/rate-limit.test.ts'],
  },
  {
    name: 'markdown-negotiation',
    files: ['site/lib/edge/markdown-negotiation.ts'],
    tests: ['tests/unit/markdown-negotiation.test.ts'],
  },
  {
    name: 'sliding-window',
    files: ['tooling/local-cdn/sliding-window.ts'],
    tests: ['tests/unit/sliding-window.test.ts'],
  },
  {
    name: 'one-line-text',
    files: ['contract/one-line-text.ts'],
    tests: ['tests/unit/one-line-text.test.ts', 'tests/unit/one-line-text-errors.test.ts'],
  },
  {
    name: 'printable',
    files: ['client/src/output/printable.ts'],
    tests: ['tests/unit/printable.test.ts', 'tests/unit/one-line-text.test.ts'],
  },
  {
    name: 'site-path',
    files: ['contract/site-path.ts'],
    tests: ['tests/unit/site-path.test.ts', 'tests/unit/one-line-text.test.ts'],
  },
  {
    name: 'endpoints',
    files: ['contract/endpoints.ts'],
    tests: ['tests/unit/endpoints.test.ts', 'tests/unit/netlify-config.test.ts'],
  },
  {
    name: 'data-problem',
    files: ['contract/data-problem.ts'],
    tests: ['tests/unit/data-problem.test.ts'],
  },
  {
    name: 'describe-schema-error',
    files: ['contract/describe-schema-error.ts'],
    tests: ['tests/unit/describe-schema-error.test.ts'],
  },
];
