import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import otherMethods from '../../netlify/functions/other-methods.ts';
import tooManyRequests from '../../netlify/functions/too-many-requests.ts';
import { readNetlifyConfig, resolveHeaders } from '../../site/lib/edge/netlify-config.ts';
import { SECURITY_HEADERS } from '../../site/lib/edge/security-headers.ts';

const netlify = readNetlifyConfig();
const expected = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
);
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Every kind of static file the site publishes, by an example path. */
const staticPaths: [string, string][] = [
  ['the landing page', '/'],
  ['a docs page', '/docs/cli/'],
  ['the not-found page', '/404.html'],
  ['an API answer', '/api/v1/platforms.json'],
  ['the OpenAPI document', '/openapi.json'],
  ['the MCP configuration', '/mcp.json'],
  ['the API catalog', '/.well-known/api-catalog'],
  ['a JSON Schema', '/schemas/v1/platform.json'],
  ['security.txt', '/.well-known/security.txt'],
  ['a client tarball', '/cli/earshot-1.0.0-0123456789.tgz'],
  ['the release manifest', '/releases/manifest.json'],
  ['SHA256SUMS', '/releases/SHA256SUMS'],
  ['a bundled asset', '/_astro/index.abc123.js'],
];

/** Every function's answers, by the request that gets them. */
const functionAnswers: [string, () => Response][] = [
  ['the JSON 429', () => tooManyRequests(new Request('https://earshot.dev/api/v1/platforms'))],
  ["the 429 function's preflight", () => tooManyRequests(new Request('https://earshot.dev/x', { method: 'OPTIONS' }))],
  [
    'the JSON 405',
    () => otherMethods(new Request('https://earshot.dev/api/v1/platforms', { method: 'POST', body: '{}' })),
  ],
  ['a CORS preflight', () => otherMethods(new Request('https://earshot.dev/openapi.json', { method: 'OPTIONS' }))],
];

describe('the security headers', () => {
  it('HSTS lasts at least a year and covers subdomains (RFC 6797)', () => {
    const directives = SECURITY_HEADERS['Strict-Transport-Security'].split(';').map((part) => part.trim());
    const maxAge = Number(/^max-age=(\d+)$/.exec(directives.find((part) => part.startsWith('max-age='))!)![1]);
    assert.ok(maxAge >= ONE_YEAR_SECONDS, `max-age=${maxAge}`);
    assert.ok(directives.includes('includeSubDomains'));
  });

  for (const [kind, path] of staticPaths)
    it(`netlify.toml gives them to ${kind} (${path}), set by one rule only`, () => {
      const headers = resolveHeaders(netlify, path);
      assert.deepEqual(Object.fromEntries(Object.keys(expected).map((name) => [name, headers[name]])), expected);
    });

  for (const [kind, answer] of functionAnswers)
    it(`the functions give them to ${kind}, with the values netlify.toml gives the files`, () => {
      const response = answer();
      for (const [name, value] of Object.entries(expected)) assert.equal(response.headers.get(name), value, name);
    });
});
