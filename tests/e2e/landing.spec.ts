import { expect, test } from '@playwright/test';
import { LANDING_PLATFORM_COUNT } from '../../site/lib/docs/landing-call.ts';

/**
 * The landing page shows the product before anything is run: a request and the answer the API
 * gives it today, then the three ways in, each with the line that starts it.
 */
test('the hero shows a request to the API and the answer it really gives', async ({ page, request, baseURL }) => {
  await page.goto('/');
  const call = page.getByRole('figure', { name: 'A request to the API and its answer' });
  const [shownRequest, shownAnswer] = await call.locator('pre').allTextContents();
  expect(shownRequest).toBe(`curl -H 'Accept: application/json' \\\n  ${baseURL}/api/v1/platforms`);
  const { data } = (await (await request.get('/api/v1/platforms')).json()) as { data: unknown[] };
  const shownPlatforms = shownAnswer!
    .split('\n')
    .filter((line) => line.trim().startsWith('{"'))
    .map((line) => JSON.parse(line.trim().replace(/,$/, '')));
  expect(shownPlatforms).toEqual(data.slice(0, LANDING_PLATFORM_COUNT));
  if (data.length > LANDING_PLATFORM_COUNT)
    expect(shownAnswer).toContain(`… ${data.length - LANDING_PLATFORM_COUNT} more`);
});

test('the three ways in are three, each with the lines that start it; for MCP the remote endpoint first', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { name: /ways in$/ });
  const count = { two: 2, three: 3, four: 4, five: 5 }[(await heading.textContent())!.split(' ')[0]!.toLowerCase()];
  const cards = page.locator('.landing-ways + .card-grid > .card');
  await expect(cards).toHaveCount(count!);
  const starts = await Promise.all((await cards.all()).map((card) => card.locator('pre').allTextContents()));
  expect(starts).toEqual([
    [`curl -H 'Accept: application/json' ${baseURL}/api/v1/capabilities`],
    // Not production: the client's lines name this site, so that they read the API it documents.
    [`npx -y ${process.env.EARSHOT_CLI_PACKAGE_URL} platforms --base-url ${baseURL}`],
    [`${baseURL}/mcp`, `npx -y ${process.env.EARSHOT_CLI_PACKAGE_URL} mcp --base-url ${baseURL}`],
  ]);
});

/**
 * Words that run into a link or a code span: the text just before an inline element ends with a
 * letter or digit and its text starts with one (or it ends with one and the text after starts with
 * one), as "the<a>OpenAPI document</a>" renders "theOpenAPI document". Read from the rendered
 * page, every text node in document order, so that whitespace the HTML lost shows.
 */
function runOnWords() {
  const boundary = (node: Node) => node.parentElement!.closest('a, code, strong, em');
  const texts: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement!.closest('pre, script, style, template, .sr-only') || !node.textContent!.trim()
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  const found: string[] = [];
  for (let index = 1; index < texts.length; index++) {
    const [before, after] = [texts[index - 1]!, texts[index]!];
    const block = (node: Node) => node.parentElement!.closest('p, li, td, th, h1, h2, h3, dd, dt, figcaption, div');
    if (boundary(before) === boundary(after) || block(before) !== block(after)) continue;
    // A link laid out as a box (a button) is apart from its neighbours whatever the text says.
    const boxed = [boundary(before), boundary(after)].some(
      (element) => element && getComputedStyle(element).display !== 'inline',
    );
    if (boxed) continue;
    if (/[\p{L}\p{N}]$/u.test(before.textContent!) && /^[\p{L}\p{N}]/u.test(after.textContent!))
      found.push(`${before.textContent!.slice(-20)}|${after.textContent!.slice(0, 20)}`);
  }
  return found;
}

test('no word runs into a link or code on the landing page', async ({ page }) => {
  await page.goto('/');
  expect(await page.evaluate(runOnWords)).toEqual([]);
});

test('no word runs into a link or code in the landing page as Markdown, /index.md', async ({ request }) => {
  const markdown = (await (await request.get('/index.md')).text()).replace(/^```[\s\S]*?^```/gm, '');
  const runOn = [
    ...markdown.matchAll(/[\p{L}\p{N}]\[[^\]]*\]\(/gu),
    ...markdown.matchAll(/\]\([^)\s]*\)[\p{L}\p{N}]/gu),
    ...markdown.matchAll(/[\p{L}\p{N}]`[^`\n]+`|`[^`\n]+`[\p{L}\p{N}]/gu),
  ].map((match) => match[0]);
  expect(markdown).toContain('OpenAPI document');
  expect(runOn).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the title comes first, and the theme can be switched', async ({ page }) => {
    await page.goto('/');
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const call = await page.getByRole('figure', { name: 'A request to the API and its answer' }).boundingBox();
    expect(title!.y).toBeLessThan(call!.y);
    const themeSelect = page.getByRole('combobox', { name: 'Select theme' }).and(page.locator(':visible'));
    await themeSelect.selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await themeSelect.selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});
