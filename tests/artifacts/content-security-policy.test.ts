import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  collectInlineScripts,
  findInlineScripts,
  findUnlistedInlineScripts,
  formatInlineScripts,
  hashInlineScript,
  parseContentSecurityPolicy,
} from '../../site/lib/edge/content-security-policy.ts';
import { readNetlifyConfig, resolveHeaders } from '../../site/lib/edge/netlify-config.ts';
import { testSite } from '../support/test-build.ts';

const policy = resolveHeaders(readNetlifyConfig(), '/')['content-security-policy']!;
const listedHashes = (parseContentSecurityPolicy(policy)['script-src'] ?? []).filter((source) =>
  source.startsWith("'sha256-"),
);
/** The real site, as the test run built it: Starlight's, starlight-openapi's and Pagefind's inline scripts included. */
const { dir: siteOut } = testSite();

describe('the Content-Security-Policy against what the build emits', () => {
  it("allows every inline script of the site's pages by its hash, Starlight's included (the build fails otherwise)", () => {
    const scripts = collectInlineScripts(siteOut);
    assert.ok(
      scripts.some(({ page }) => page.startsWith('docs/')),
      'no docs page has an inline script: the check would prove nothing',
    );
    assert.deepEqual(formatInlineScripts(findUnlistedInlineScripts(siteOut, policy)), []);
  });

  it('lists no hash that no page uses, so that a script Starlight dropped does not stay allowed', () => {
    const used = new Set(collectInlineScripts(siteOut).map((script) => script.hash));
    assert.deepEqual(
      listedHashes.filter((hash) => !used.has(hash)),
      [],
    );
  });

  it('names each script a policy lacks, once per script, with the page it is on', () => {
    const [dropped] = listedHashes;
    const unlisted = findUnlistedInlineScripts(siteOut, policy.replace(dropped!, ''));
    const lines = formatInlineScripts(unlisted);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, new RegExp(`^${dropped!.replace(/[+/]/g, '\\$&')} \\(.+…\\) in \\S+\\.html`));
  });
});

describe('findInlineScripts', () => {
  const cases: [string, { given: string; want: string[] }][] = [
    ['a classic inline script', { given: '<script>a()</script>', want: ['a()'] }],
    ['a module, with attributes', { given: '<script type="module" aria-hidden="true">b()</script>', want: ['b()'] }],
    ['a JavaScript MIME type', { given: "<script type='text/javascript'>c()</script>", want: ['c()'] }],
    ['an external script', { given: '<script type="module" src="/_astro/x.js"></script>', want: [] }],
    [
      'a JSON data block, which CSP does not govern',
      { given: '<script type="application/ld+json">{}</script>', want: [] },
    ],
    ['the exact text, white space included', { given: '<script>\n\tx();\n</script>', want: ['\n\tx();\n'] }],
    [
      'not a script quoted in an attribute value',
      { given: '<meta content="</script><script>d()</script>">', want: [] },
    ],
    ['a script inside a template', { given: '<template><script>e()</script></template>', want: ['e()'] }],
    [
      'a script opened in text that was not escaped',
      { given: '<p>Earshot </script><script>f()</script></p>', want: ['f()'] },
    ],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.deepEqual(findInlineScripts(given), want));
});

describe('hashInlineScript', () => {
  it('gives the hash source of the CSP specification example', () => {
    // @see https://www.w3.org/TR/CSP3/#grammardef-hash-source (alert('Hello, world.');)
    assert.equal(hashInlineScript("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});
