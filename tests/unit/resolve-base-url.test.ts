import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveBaseUrl } from '../../site/lib/api/resolve-base-url.ts';

const PRODUCTION = 'https://earshot.dev';

describe('resolveBaseUrl', () => {
  const cases: [string, { env: Record<string, string>; want: string }][] = [
    ['defaults to the production base URL in data/product.json', { env: {}, want: PRODUCTION }],
    [
      'prefers an explicit SITE_URL',
      { env: { SITE_URL: 'http://localhost:8888', URL: 'https://x.netlify.app' }, want: 'http://localhost:8888' },
    ],
    [
      "uses Netlify's URL in production builds",
      {
        env: {
          CONTEXT: 'production',
          URL: 'https://earshot.netlify.app',
          DEPLOY_PRIME_URL: 'https://main--earshot.netlify.app',
        },
        want: 'https://earshot.netlify.app',
      },
    ],
    [
      'uses the deploy URL in deploy previews',
      {
        env: {
          CONTEXT: 'deploy-preview',
          URL: 'https://earshot.dev',
          DEPLOY_PRIME_URL: 'https://deploy-preview-4--earshot.netlify.app',
        },
        want: 'https://deploy-preview-4--earshot.netlify.app',
      },
    ],
    [
      'uses the deploy URL in branch deploys',
      {
        env: {
          CONTEXT: 'branch-deploy',
          URL: 'https://earshot.dev',
          DEPLOY_PRIME_URL: 'https://docs--earshot.netlify.app',
        },
        want: 'https://docs--earshot.netlify.app',
      },
    ],
    ['drops a trailing slash', { env: { SITE_URL: 'https://earshot.dev/' }, want: PRODUCTION }],
    [
      'ignores an empty SITE_URL',
      { env: { SITE_URL: '', URL: 'https://earshot.netlify.app' }, want: 'https://earshot.netlify.app' },
    ],
  ];
  for (const [name, { env, want }] of cases) it(name, () => assert.equal(resolveBaseUrl(env, PRODUCTION), want));

  it('refuses a value that is not an absolute origin, naming the variable', () => {
    assert.throws(
      () => resolveBaseUrl({ SITE_URL: 'earshot.dev' }, PRODUCTION),
      /^Error: SITE_URL must be an absolute http\(s\) origin such as "https:\/\/earshot.dev" \(got "earshot.dev"\)$/,
    );
    assert.throws(() => resolveBaseUrl({ URL: 'https://earshot.dev/docs' }, PRODUCTION), /URL must be/);
  });

  it('refuses plain HTTP except for this machine, whose local server has no certificate', () => {
    assert.throws(
      () => resolveBaseUrl({ CONTEXT: 'deploy-preview', DEPLOY_PRIME_URL: 'http://preview.example' }, PRODUCTION),
      /^Error: DEPLOY_PRIME_URL must use https:\/\/ unless it names this machine, such as "http:\/\/localhost:8888" \(got "http:\/\/preview.example"\)$/,
    );
    for (const local of ['http://localhost:8888', 'http://127.0.0.1:4321', 'http://[::1]:8888'])
      assert.equal(resolveBaseUrl({ SITE_URL: local }, PRODUCTION), local);
  });
});
