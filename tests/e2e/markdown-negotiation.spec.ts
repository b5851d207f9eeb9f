import { expect, test } from '@playwright/test';
import { endpoints } from '../../contract/endpoints.ts';
import { markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../site/lib/edge/markdown-negotiation.ts';
import { startEdgeFunctionServer, type EdgeFunctionServer } from '../support/edge-function-process.ts';

/**
 * The Markdown negotiation edge function (netlify/edge-functions/markdown-negotiation.ts), run by
 * Deno as Netlify runs it, behind a real HTTP server in front of the local server: its `config`
 * selects the requests, `context.next()` is what the local server answers. `netlify dev` cannot
 * load edge functions offline (netlify/README.md); `npm run smoke` checks the CDN's.
 */
let edge: EdgeFunctionServer;

test.beforeAll(async ({ baseURL }) => {
  edge = await startEdgeFunctionServer(baseURL!, 'netlify/edge-functions/markdown-negotiation.ts');
});
test.afterAll(() => edge.stop());

/** Chromium's own Accept for a page view. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

const cases: { accept: string | undefined; want: 'markdown' | 'html' }[] = [
  { accept: 'text/markdown', want: 'markdown' },
  { accept: 'TEXT/Markdown', want: 'markdown' },
  { accept: 'text/markdown, text/html;q=0.9, */*;q=0.8', want: 'markdown' },
  { accept: 'text/html;q=0.5, text/markdown', want: 'markdown' },
  { accept: 'text/markdown, text/html', want: 'markdown' },
  { accept: 'text/plain, text/markdown;q=0.9, text/html;q=0.8', want: 'markdown' },
  { accept: 'text/html, text/markdown', want: 'html' },
  { accept: 'text/markdown;q=0.5, text/html', want: 'html' },
  { accept: 'text/markdown;q=0', want: 'html' },
  { accept: 'text/*', want: 'html' },
  { accept: '*/*', want: 'html' },
  { accept: BROWSER_ACCEPT, want: 'html' },
  { accept: undefined, want: 'html' },
];

for (const path of ['/', '/docs/cli/']) {
  for (const { accept, want } of cases) {
    test(`GET ${path} with Accept: ${accept ?? '(none)'} answers ${want}, with Vary: Accept`, async ({ request }) => {
      const response = await request.get(`${edge.url}${path}`, { headers: accept ? { Accept: accept } : {} });
      expect(response.status()).toBe(200);
      expect(response.headers().vary ?? '').toMatch(/(^|,\s*)Accept(\s*,|$)/i);
      if (want === 'markdown') {
        expect(response.headers()['content-type']).toBe(MARKDOWN_CONTENT_TYPE);
        expect(response.headers()['content-location']).toBe(markdownPathOf(path));
        // Byte for byte the twin the site serves.
        expect(await response.text()).toBe(await (await request.get(markdownPathOf(path))).text());
      } else {
        expect(response.headers()['content-type']).toMatch(/^text\/html\b/);
        expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);
      }
    });
  }
}

test('HEAD / asking for Markdown answers the twin’s headers, without a body', async ({ request }) => {
  const response = await request.head(`${edge.url}/`, { headers: { Accept: 'text/markdown' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(MARKDOWN_CONTENT_TYPE);
  expect(response.headers().vary ?? '').toMatch(/Accept/);
  expect((await response.body()).length).toBe(0);
});

test('a page with no Markdown twin answers as it would without the function, with Vary: Accept', async ({
  request,
}) => {
  const response = await request.get(`${edge.url}/no-such-page/`, { headers: { Accept: 'text/markdown' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^text\/html\b/);
  expect(response.headers().vary ?? '').toMatch(/Accept/);
});

for (const { path } of endpoints) {
  test(`GET ${path} asking for Markdown is left to the API: the same JSON, untouched`, async ({ request }) => {
    const [throughEdge, direct] = await Promise.all([
      request.get(`${edge.url}${path}`, { headers: { Accept: 'text/markdown' } }),
      request.get(path, { headers: { Accept: 'text/markdown' } }),
    ]);
    expect(throughEdge.status()).toBe(200);
    expect(throughEdge.headers()['content-type']).toBe(direct.headers()['content-type']);
    expect(throughEdge.headers().vary).toBe(direct.headers().vary);
    expect(await throughEdge.text()).toBe(await direct.text());
  });
}
