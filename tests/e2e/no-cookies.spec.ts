import { expect, test } from '@playwright/test';
import { endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { readSitemapPaths } from '../support/sitemap.ts';

/**
 * The public surface sets no cookie anywhere (the spec: session cookies are not a public
 * mechanism): not on a page, an endpoint, a discovery file, an error or the 429 answer.
 */
test('no response of the public surface sets a cookie', async ({ request }) => {
  const rateLimitAnswer = readNetlifyConfig().redirects!.find((rule) => rule.rate_limit?.to)!.rate_limit!.to!;
  const expected: [string, number][] = [
    ...(await readSitemapPaths(request)).map((path): [string, number] => [path, 200]),
    ...endpoints.map((route): [string, number] => [route.path, 200]),
    [OPENAPI_PATH, 200],
    ['/llms.txt', 200],
    ['/robots.txt', 200],
    ['/sitemap-index.xml', 200],
    ['/.well-known/api-catalog', 200],
    ['/favicon.svg', 200],
    ['/api/nope', 404],
    ['/no-such-page/', 404],
    [rateLimitAnswer, 429],
  ];
  const answers = await Promise.all(
    expected.map(async ([path]) => {
      const response = await request.get(path, { maxRedirects: 0 });
      return {
        path,
        status: response.status(),
        cookie: response.headersArray().find(({ name }) => name.toLowerCase() === 'set-cookie')?.value,
      };
    }),
  );
  expect(answers.map(({ path, status }) => [path, status])).toEqual(expected);
  expect(answers.filter(({ cookie }) => cookie !== undefined)).toEqual([]);
});
