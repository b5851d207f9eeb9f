import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { config as otherMethods } from '../../netlify/functions/other-methods.ts';
import { pageText } from '../../tooling/docs-lint/collect-docs-text.ts';
import { testSite } from '../support/test-build.ts';

/**
 * Sentences the docs state that no build can derive: each is held to the source that makes it
 * true, so that changing the source fails here until the sentence changes too.
 */
const { dir } = testSite();
const page = (path: string) => pageText(readFileSync(join(dir, path, 'index.html'), 'utf8')).replace(/\s+/g, ' ');

const statements: [string, { page: string; says: string; trueWhen: () => boolean }][] = [
  [
    "a request other than GET or HEAD over the limit gets the CDN's own 429, not JSON",
    {
      page: 'docs/rate-limits',
      says: "another method over the limit gets the CDN's own text.",
      // Netlify's own 429 (action "rate_limit") has a body the site cannot set.
      trueWhen: () => otherMethods.rateLimit.action === 'rate_limit' && !otherMethods.method.includes('GET'),
    },
  ],
  [
    'the security policy: the answer time of SECURITY.md',
    {
      page: 'docs/security',
      says: 'We answer within three working days',
      trueWhen: () =>
        readFileSync('SECURITY.md', 'utf8').replace(/\s+/g, ' ').includes('We answer within three working days'),
    },
  ],
];

describe('what the docs state that only its source can confirm', () => {
  for (const [name, { page: path, says, trueWhen }] of statements)
    it(name, () => {
      assert.ok(page(path).replace(/[’]/g, "'").includes(says), `/${path}/ no longer says: ${says}`);
      assert.ok(trueWhen(), `/${path}/ says "${says}", which its source no longer makes true`);
    });
});
