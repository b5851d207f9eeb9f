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
  describeNextStep,
  listChangelogItems,
} from '../../site/lib/changelog/build-changelog-feed.ts';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import { loadChangelogOrThrow } from '../../site/lib/changelog/load-changelog.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { checkResourceLinks } from '../../tooling/published-contract/check-resource-links.ts';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { testSite } from '../support/test-build.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const { dir, baseUrl } = testSite();
const read = (path: string) => readFileSync(join(dir, path), 'utf8');
const entries = loadChangelogOrThrow('data');
const releases = (
  JSON.parse(readFileSync('releases/manifest.json', 'utf8')) as {
    releases: { version: string; date: string; fileName: string }[];
  }
).releases.map(({ version, date, fileName }) => ({
  version,
  date,
  url: `${baseUrl}${RELEASE_PATHS.tarballDirectory}${fileName}`,
}));
/** The entries and the client's releases, as the build lists them. */
const items = listChangelogItems(entries, releases);

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

  it('lists every entry and every release of the client in the feed, newest first, each with what to do and a link to its entry on the page', () => {
    assert.equal(items.length, entries.length + releases.length);
    for (const entry of entries) {
      const item = feed.items.find(({ id }) => id === `${baseUrl}${CHANGELOG_PAGE_PATH}#${entry.id}`);
      assert.ok(item, `no feed item for ${entry.id}`);
      assert.equal(
        item.content_text,
        [...describeEntryLines(entry, entries), `What to do: ${describeNextStep(entry)}`].join('\n'),
      );
    }
    for (const release of releases) {
      const item = feed.items.find(({ title }) => title.endsWith(` ${release.version}`));
      assert.ok(item, `no feed item for the release ${release.version}`);
      assert.ok(item.content_text.includes(release.url), item.content_text);
      assert.ok(item.content_text.includes('/docs/cli/#install'), item.content_text);
    }
    const dates = feed.items.map(({ date_published }) => date_published);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.deepEqual(
      feed.items.map(({ id, url }) => [id, url]),
      items.map(({ id }) => [`${baseUrl}${CHANGELOG_PAGE_PATH}#${id}`, `${baseUrl}${CHANGELOG_PAGE_PATH}#${id}`]),
    );
  });

  it('tells a client what to do: nothing for an addition, work before the date for a breaking change', () => {
    const [added, breaking] = [
      { id: 'a', date: '2026-01-01', title: 'A', changes: [{ kind: 'added' as const, summary: 'adds x', where: [] }] },
      {
        id: 'b',
        date: '2026-01-02',
        title: 'B',
        breaking: { reason: 'gone', effective: '2026-02-01' },
        changes: [{ kind: 'breaking' as const, summary: 'removes y', where: [] }],
      },
    ];
    assert.match(describeNextStep(added), /^Nothing/);
    assert.match(describeNextStep(breaking), /before 2026-02-01/);
  });

  it('shows the same entries on the page and in its Markdown twin, each titled, dated and with what to do', () => {
    const page = parseHtml(read('docs/changelog/index.html'));
    const sections = [...walkElements(page)].filter((element) => attribute(element, 'class') === 'changelog-entry');
    const fromPage = sections.map((section) => {
      const elements = [...walkElements(section)];
      const heading = elements.find(({ tagName }) => tagName === 'h2')!;
      const time = elements.find(({ tagName }) => tagName === 'time')!;
      const text = (element: (typeof elements)[number]) => textContent(element).replace(/\s+/g, ' ').trim();
      return {
        id: attribute(heading, 'id'),
        title: textContent(heading),
        date: attribute(time, 'datetime'),
        lines: elements.filter(({ tagName }) => tagName === 'li').map(text),
        nextStep: text(elements.filter(({ tagName }) => tagName === 'p').at(-1)!),
      };
    });
    // Quoted ids and names show as code, without their quotes; code spans without their backticks.
    const shown = (line: string) => line.replace(/["`]/g, '');
    const expected = items.map((item) => ({
      id: item.id,
      title: item.title,
      date: item.date,
      lines: item.lines.map(shown),
      nextStep: `What to do: ${shown(item.nextStep)}`,
    }));
    assert.deepEqual(fromPage, expected);

    const markdown = read('docs/changelog.md');
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(
      headings,
      expected.map(({ title }) => title),
    );
    assert.equal([...markdown.matchAll(/^\*\*What to do:\*\* /gm)].length, items.length);
  });

  it('announces the feed in every page head, /llms.txt and the API catalog, and not in the sitemap', () => {
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
    assert.ok(!sitemap.includes(`<loc>${feedUrl}</loc>`), 'the sitemap lists pages, and the feed is not one');
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
