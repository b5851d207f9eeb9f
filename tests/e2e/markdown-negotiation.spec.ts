import { expect, test } from '@playwright/test';
import { endpoints } from '../../contract/endpoints.ts';
import { markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../site/lib/edge/markdown-negotiation.ts';

/**
 * The Markdown negotiation edge function (netlify/edge-functions/markdown-negotiation.ts), asked
 * as a user asks the site: the local server runs it in Deno, as Netlify does, for the requests its
 * `config` selects, in front of the rest of the site. `npm run smoke` checks the CDN's.
 */

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
      const response = await request.get(path, { headers: accept ? { Accept: accept } : {} });
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
  const response = await request.head('/', { headers: { Accept: 'text/markdown' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(MARKDOWN_CONTENT_TYPE);
  expect(response.headers().vary ?? '').toMatch(/Accept/);
  expect((await response.body()).length).toBe(0);
});

test('a page with no Markdown twin answers as it would without the function, with Vary: Accept', async ({
  request,
}) => {
  const response = await request.get('/no-such-page/', { headers: { Accept: 'text/markdown' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^text\/html\b/);
  expect(response.headers().vary ?? '').toMatch(/Accept/);
});

for (const { path } of endpoints) {
  test(`GET ${path} asking for Markdown is left to the API: the same JSON, untouched`, async ({ request }) => {
    const [asMarkdown, asJson] = await Promise.all([
      request.get(path, { headers: { Accept: 'text/markdown' } }),
      request.get(path, { headers: { Accept: 'application/json' } }),
    ]);
    expect(asMarkdown.status()).toBe(200);
    expect(asMarkdown.headers()['content-type']).toBe(asJson.headers()['content-type']);
    expect(asMarkdown.headers().vary).toBe(asJson.headers().vary);
    expect(asMarkdown.headers()['content-location']).toBeUndefined();
    expect(await asMarkdown.text()).toBe(await asJson.text());
  });
}
