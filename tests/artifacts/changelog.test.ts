import addFormatsModule from 'ajv-formats';
import { Ajv } from 'ajv';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import jsonFeedSchema from 'jsonfeed-schema/schema-v1.1.json' with { type: 'json' };
import { formatDataProblem } from '../../contract/data-problem.ts';
import {
  CHANGELOG_FEED_PATH,
  CHANGELOG_FEED_TYPE,
  CHANGELOG_PAGE_PATH,
  describeEntryLines,
} from '../../site/lib/changelog/build-changelog-feed.ts';
import { loadChangelogOrThrow } from '../../site/lib/changelog/load-changelog.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { checkResourceLinks } from '../../tooling/published-contract/check-resource-links.ts';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { testSite } from '../support/test-build.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const { dir, baseUrl } = testSite();
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const entries = loadChangelogOrThrow('data');

interface JsonFeed {
  feed_url: string;
  home_page_url: string;
  items: { id: string; url: string; title: string; content_text: string; date_published: string }[];
}
const feed = JSON.parse(read(CHANGELOG_FEED_PATH)) as JsonFeed;

describe('the changelog', () => {
  it('starts with the launch of v1', () => {
    assert.match(entries.at(-1)!.title, /^Launch of the v1 /);
  });

  it("has a feed that JSON Feed 1.1's published schema accepts (jsonfeed-schema, with ajv)", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(jsonFeedSchema);
    assert.equal(validate(feed), true, JSON.stringify(validate.errors));
    assert.equal(feed.feed_url, `${baseUrl}${CHANGELOG_FEED_PATH}`);
    assert.equal(feed.home_page_url, `${baseUrl}${CHANGELOG_PAGE_PATH}`);
  });

  it('lists every entry in the feed, newest first, each linking to its entry on the page', () => {
    assert.deepEqual(
      feed.items.map(({ id, url, title, content_text, date_published }) => ({
        id,
        url,
        title,
        content_text,
        date_published,
      })),
      entries.map((entry) => ({
        id: `${baseUrl}${CHANGELOG_PAGE_PATH}#${entry.id}`,
        url: `${baseUrl}${CHANGELOG_PAGE_PATH}#${entry.id}`,
        title: entry.breaking ? `Breaking: ${entry.title}` : entry.title,
        content_text: describeEntryLines(entry).join('\n'),
        date_published: `${entry.date}T00:00:00Z`,
      })),
    );
  });

  it('shows the same entries on the page and in its Markdown twin, each titled and dated', () => {
    const page = parseHtml(read('docs/changelog/index.html'));
    const sections = [...walkElements(page)].filter((element) => attribute(element, 'class') === 'changelog-entry');
    const fromPage = sections.map((section) => {
      const elements = [...walkElements(section)];
      const heading = elements.find(({ tagName }) => tagName === 'h2')!;
      const time = elements.find(({ tagName }) => tagName === 'time')!;
      const items = elements
        .filter(({ tagName }) => tagName === 'li')
        .map((item) => textContent(item).replace(/\s+/g, ' '));
      return { id: attribute(heading, 'id'), title: textContent(heading), date: attribute(time, 'datetime'), items };
    });
    const expected = entries.map((entry) => ({
      id: entry.id,
      title: entry.breaking ? `Breaking: ${entry.title}` : entry.title,
      date: entry.date,
      items: entry.changes.map(
        ({ kind, summary, where }) => `${kind}: ${summary}${where.length > 0 ? ` (${where.join(', ')})` : ''}`,
      ),
    }));
    assert.deepEqual(fromPage, expected);

    const markdown = read('docs/changelog.md');
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(
      headings,
      expected.map(({ title }) => title),
    );
    for (const { items } of expected)
      for (const item of items)
        assert.ok(markdown.includes(item.replace(/^(\w+): /, '**$1**: ').replace(/\((.+)\)$/, '')), item);
  });

  it('announces the feed in every page head, the sitemap, /llms.txt and the API catalog', () => {
    const feedUrl = `${baseUrl}${CHANGELOG_FEED_PATH}`;
    for (const path of ['index.html', 'docs/index.html', 'docs/changelog/index.html']) {
      const links = [...walkElements(parseHtml(read(path)))].filter(
        (element) => element.tagName === 'link' && attribute(element, 'rel') === 'alternate',
      );
      assert.deepEqual(
        links.map((link) => [attribute(link, 'type'), attribute(link, 'href')]),
        [[CHANGELOG_FEED_TYPE, CHANGELOG_FEED_PATH]],
        path,
      );
    }
    const sitemap = read('sitemap-0.xml');
    assert.ok(sitemap.includes(`<loc>${feedUrl}</loc>`), 'the sitemap names the feed');
    assert.ok(sitemap.includes(`<loc>${baseUrl}${CHANGELOG_PAGE_PATH}</loc>`), 'the sitemap names the page');
    assert.match(read('llms.txt'), new RegExp(`\\]\\(${feedUrl.replaceAll('.', '\\.')}\\): `));
    const catalog = JSON.parse(read('.well-known/api-catalog')) as { linkset: Record<string, unknown>[] };
    const endpointsWithHistory = catalog.linkset.filter((context) =>
      (context['version-history'] as { href: string }[] | undefined)?.some(({ href }) => href === feedUrl),
    );
    assert.ok(endpointsWithHistory.length >= 2, 'each endpoint links to the changelog feed (version-history)');
  });
});

describe('resource links, checked against the build output', () => {
  const { product } = loadSiteDataOrThrow({ dataDir: 'data' });

  it('every link of the shipped data leads to a page or file of the build', () => {
    assert.deepEqual(checkResourceLinks(product.resources, dir).map(formatDataProblem), []);
  });

  it('a link to a page the build does not have is named, with its key', () => {
    const resources = { ...product.resources, webhooks: '/docs/nope/', openapi: '/../package.json' };
    assert.deepEqual(checkResourceLinks(resources, dir).map(formatDataProblem), [
      'data/product.json#/resources/webhooks: must link to a page or file the build produces, but the build has none at that path (got "/docs/nope/")',
      'data/product.json#/resources/openapi: must link to a page or file the build produces, but the build has none at that path (got "/../package.json")',
    ]);
  });

  // Regression: `//index.md` once passed, by naming dist/index.md, and was published as https://index.md/.
  it('a link to another site is never found in the build, whatever file its letters name', () => {
    const resources = { ...product.resources, mcp: '//index.md', documentation: '/\\index.md' };
    assert.deepEqual(
      checkResourceLinks(resources, dir).map((problem) => problem.pointer),
      ['/resources/documentation', '/resources/mcp'],
    );
  });
});
