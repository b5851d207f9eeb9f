import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { EXAMPLE_PLATFORM_COUNT } from '../../site/lib/openapi/build-openapi-document.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import { CHANGELOG_FEED_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';
import { escapeMarkdownMarkup, escapeMarkdownText } from '../../site/lib/text/escape-markdown.ts';
import { recordAsPublished } from '../../tooling/published-contract/record-as-published.ts';
import { runBuildAsync } from '../support/build-site.ts';
import { attribute, parseHtml, textContent, walkElements, type HtmlElement } from '../support/html-tree.ts';
import { readPublishedFiles, type PublishedFile } from '../support/published-files.ts';

/**
 * Valid data whose names and description hold HTML, Markdown and unusual Unicode
 * (tests/fixtures/hostile-data): the build must succeed, every page must show those strings as
 * text, never as markup, and the JSON answers must carry them unchanged.
 */
const FIXTURE = 'tests/fixtures/hostile-data';
const outDir = join(mkdtempSync(join(tmpdir(), 'earshot-hostile-')), 'dist');
const { product, platforms } = loadSiteDataOrThrow({ dataDir: FIXTURE, displayDir: FIXTURE });
/** An announcement whose title, reason and summary hold HTML and Markdown: valid, one line each. */
const [announcement] = JSON.parse(readFileSync(join(FIXTURE, 'changelog.json'), 'utf8')) as ChangelogData;
let files: PublishedFile[] = [];
const file = (path: string) => files.find((candidate) => candidate.path === path)!;
const pages = () => files.filter(({ path }) => path.endsWith('.html'));
/** The API reference examples show the first platforms only. */
const examplePlatforms = platforms.slice(0, EXAMPLE_PLATFORM_COUNT);

/** What the fixture tries to inject, and how a browser would show that it worked. */
const injected: [string, (element: HtmlElement) => boolean][] = [
  ['a <script> from the data', (element) => element.tagName === 'script' && textContent(element).includes('alert(')],
  ['an <img> with an event handler', (element) => element.tagName === 'img' && attribute(element, 'src') === 'x'],
  [
    'an event handler attribute from the data',
    (element) => element.attrs.some(({ name, value }) => name.startsWith('on') && value.includes('alert(')),
  ],
  ['a <b> from the description', (element) => element.tagName === 'b' && textContent(element) === 'bold'],
  [
    'a javascript: link from Markdown in a name',
    (element) => /^\s*javascript:/i.test(attribute(element, 'href') ?? ''),
  ],
  [
    'emphasis from Markdown in a name',
    (element) => ['em', 'strong'].includes(element.tagName) && textContent(element) === 'star',
  ],
];

describe('a build with valid but hostile strings in the data', () => {
  before(async () => {
    // A copy that counts as published: the build refuses changes to the contract nobody recorded.
    const dataDir = join(dirname(outDir), 'data');
    cpSync(FIXTURE, dataDir, { recursive: true });
    recordAsPublished(dataDir);
    const build = await runBuildAsync({ dataDir, outDir });
    assert.equal(build.status, 0, build.stderr);
    files = readPublishedFiles(outDir);
  });
  after(() => rmSync(dirname(outDir), { recursive: true, force: true }));

  it('has names and a description that really are hostile, in the platforms the examples show too', () => {
    assert.match(product.description, /<\/script><script>/);
    assert.ok(examplePlatforms.some(({ name }) => name.includes('<img src=x onerror=')));
    assert.ok(platforms.some(({ name }) => /\p{Script=Arabic}/u.test(name) && name.includes('e\u0301')));
  });

  it('creates no element from the data on any page', () => {
    assert.ok(pages().length >= 10, `only ${pages().length} pages`);
    const found = pages().flatMap(({ path, text }) =>
      [...walkElements(parseHtml(text))].flatMap((element) =>
        injected.filter(([, matches]) => matches(element)).map(([what]) => `${path}: ${what}`),
      ),
    );
    assert.deepEqual(found, []);
  });

  it('shows the description as text on the landing page, the docs overview and the API reference', () => {
    for (const path of ['index.html', 'docs/index.html', 'docs/api/index.html']) {
      const page = parseHtml(file(path).text);
      assert.ok(textContent(page).includes(product.description), `${path} does not show the description as text`);
    }
    const meta = [...walkElements(parseHtml(file('index.html').text))].find(
      (element) => element.tagName === 'meta' && attribute(element, 'name') === 'description',
    );
    assert.equal(
      meta && attribute(meta, 'content'),
      product.description,
      'the landing page\'s <meta name="description">',
    );
  });

  it('shows every platform name as text, exactly, in the platforms table', () => {
    const cells = [...walkElements(parseHtml(file('docs/platforms/index.html').text))]
      .filter((element) => element.tagName === 'td')
      .map(textContent);
    for (const { name } of platforms) assert.ok(cells.includes(name), `no cell reads ${JSON.stringify(name)}`);
  });

  it('shows the names inside the API reference examples as JSON text', () => {
    for (const path of [
      'docs/api/operations/listserviceplatforms/index.html',
      'docs/api/operations/getservicecapabilities/index.html',
    ]) {
      const text = textContent(parseHtml(file(path).text));
      for (const { name } of examplePlatforms)
        assert.ok(text.includes(JSON.stringify(name)), `${path}: ${JSON.stringify(name)}`);
    }
  });

  it('serves the exact strings in the JSON answers and the OpenAPI examples', () => {
    const json = (path: string) => JSON.parse(file(path.slice(1)).text);
    const [capabilities, platformsRoute] = ['CapabilitiesResponse', 'PlatformsResponse'].map((schema) =>
      endpoints.find((route) => route.schema === schema)!,
    );
    assert.deepEqual(json(endpointFile(platformsRoute!)), { data: platforms });
    assert.equal(json(endpointFile(capabilities!)).data.description, product.description);
    assert.deepEqual(json(endpointFile(capabilities!)).data.platforms, platforms);
    const openapi = json(OPENAPI_PATH);
    assert.deepEqual(openapi.paths[platformsRoute!.path].get.responses['200'].content['application/json'].example, {
      data: examplePlatforms,
    });
    assert.equal(
      openapi.paths[capabilities!.path].get.responses['200'].content['application/json'].example.data.description,
      product.description,
    );
  });

  it('puts the description into Markdown escaped, in /llms.txt and the OpenAPI description', () => {
    const escaped = escapeMarkdownText(product.description);
    assert.notEqual(escaped, product.description);
    assert.ok(file('llms.txt').text.split('\n').includes(`> ${escaped}`), file('llms.txt').text);
    assert.ok(JSON.parse(file(OPENAPI_PATH.slice(1)).text).info.description.startsWith(`${escaped}\n`));
  });

  it('leaves no raw markup from the data in the text files (llms.txt, llms-full.txt, the pages as Markdown, robots.txt, sitemaps, API catalog)', () => {
    const textFiles = files.filter(({ path }) =>
      /(^|\/)(llms\.txt|llms-full\.txt|robots\.txt|sitemap-[\w-]+\.xml|api-catalog)$|\.md$/.test(path),
    );
    assert.ok(textFiles.length >= 15, textFiles.map(({ path }) => path).join(', '));
    for (const { path, text } of textFiles) {
      // In Markdown a backslash before `<` makes it text, and so does code (`…` or a fenced block).
      const raw = /(?<!\\)<(script|img|b>)/.exec(withoutCode(text));
      assert.equal(raw, null, `${path} holds ${raw?.[0]}`);
    }
  });

  it('writes the announcement into /llms.txt and the skill as one escaped line, and into the feed as the same text', () => {
    const { reason } = announcement!.announcement!;
    assert.match(reason, /<script>.*\]\(javascript:.*\*star\*/);
    const skill = files.find(({ path }) => path.endsWith('/SKILL.md'))!;
    for (const { path, text } of [file('llms.txt'), skill])
      assert.ok(
        text.split('\n').some((line) => line.includes(`Why: ${escapeMarkdownMarkup(reason)} Details: `)),
        `${path} has no line with the escaped reason`,
      );
    const feed = JSON.parse(file(CHANGELOG_FEED_PATH.slice(1)).text) as {
      items: { id: string; title: string; content_text: string }[];
    };
    const item = feed.items.find(({ id }) => id.endsWith(`#${announcement!.id}`))!;
    assert.ok(item.title.endsWith(announcement!.title), item.title);
    assert.ok(
      item.content_text.split('\n').some((line) => line.endsWith(reason)),
      item.content_text,
    );
  });

  it('turns no link of the data into a Markdown link in the pages as Markdown', () => {
    for (const { path, text } of files.filter((file) => file.path.endsWith('.md')))
      // `\[x\](javascript:…)` is text: a backslash before the bracket makes it one.
      assert.equal(/(?<!\\)\]\(javascript:/.exec(withoutCode(text)), null, path);
  });
});

/** Markdown without its code (fenced blocks and `spans`), where markup is shown, not acted on. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}
