import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import {
  buildSecurityTxt,
  SECURITY_POLICY_PATH,
  SECURITY_TXT_PATH,
} from '../../site/lib/discovery/build-security-txt.ts';
import { parseSecurityTxt } from '../support/security-txt.ts';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe('security.txt (RFC 9116)', () => {
  const now = new Date('2026-11-24T15:30:00Z');
  const text = buildSecurityTxt({ baseUrl: 'https://earshot.dev', contactEmail: 'security@example.com', now });
  const { fields, bad } = parseSecurityTxt(text);
  const values = (name: string) => fields.filter(([field]) => field === name).map(([, value]) => value);

  it('has only well-formed lines and ends with a line break', () => {
    assert.deepEqual(bad, []);
    assert.ok(text.endsWith('\n'));
  });

  it('names the contact, the policy, the canonical address and the language', () => {
    assert.deepEqual(values('Contact'), ['mailto:security@example.com']);
    assert.deepEqual(values('Policy'), [`https://earshot.dev${SECURITY_POLICY_PATH}#reporting-a-vulnerability`]);
    assert.deepEqual(values('Canonical'), [`https://earshot.dev${SECURITY_TXT_PATH}`]);
    assert.deepEqual(values('Preferred-Languages'), ['en']);
  });

  it('expires once, in RFC 3339 form, later than now and less than a year ahead', () => {
    const [expires, ...more] = values('Expires');
    assert.deepEqual(more, []);
    assert.match(expires!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const at = Date.parse(expires!);
    assert.ok(at > now.getTime() && at < now.getTime() + ONE_YEAR_MS, expires);
  });

  it('SECURITY.md gives the same contact and links to the policy and security.txt of production', () => {
    const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
    const policy = readFileSync('SECURITY.md', 'utf8');
    assert.ok(policy.includes(`**${product.supportEmail}**`), product.supportEmail);
    assert.ok(policy.includes(`${product.baseUrl}${SECURITY_TXT_PATH}`));
    assert.ok(policy.includes(`${product.baseUrl}${SECURITY_POLICY_PATH}#reporting-a-vulnerability`));
  });
});
