import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_RETRIES } from '../../client/src/api/retry-policy.ts';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { describeRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { config as otherMethodsConfig } from '../../netlify/functions/other-methods.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { describeRetryLimit } from '../../site/lib/docs/retry-rule.ts';
import { EXAMPLE_PLATFORM_COUNT } from '../../site/lib/openapi/build-openapi-document.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import { CHANGELOG_FEED_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';
import { escapeMarkdownMarkup, escapeMarkdownText } from '../../site/lib/text/escape-markdown.ts';
import { recordAsPublished } from '../../tooling/published-contract/record-as-published.ts';
import { attribute, parseHtml, textContent, walkElements, type HtmlElement } from '../support/html-tree.ts';
import { copyProjectFiles } from '../support/project-copy.ts';
import { readPublishedFiles, type PublishedFile } from '../support/published-files.ts';
import { testSite } from '../support/test-build.ts';

/**
 * One build of other data and other facts than the test run's, for two questions at once (a
 * whole build is the slow part of each):
 * - valid data whose names and description hold HTML, Markdown and unusual Unicode
 *   (tests/fixtures/hostile-data): the build must succeed, every page must show those strings as
 *   text, never as markup, and the JSON answers must carry them unchanged;
 * - a fact changed at its one home changes every word that states it: a new API rate limit in
 *   netlify.toml, a new retry default in the client's policy, and a new client version, as its
 *   bytes change; the change to /openapi.json is recorded as `npm run changes` would. Every page,
 *   Markdown twin, `llms` file and the Agent Skill that states the old fact in the test run's
 *   build must state the new one in this build, and none the old one.
 * The build runs in a copy of the project (its files, and node_modules as hard links, which Astro
 * needs as real paths), with the fixture as its data (`EARSHOT_DATA_DIR`), recorded as published.
 */
const FIXTURE = 'tests/fixtures/hostile-data';
const root = mkdtempSync(join(tmpdir(), 'earshot-variant-'));
const dataDir = join(root, 'hostile-data');
const outDir = join(root, 'dist');
const { product, platforms } = loadSiteDataOrThrow({ dataDir: FIXTURE, displayDir: FIXTURE });
/** An announcement whose title, reason and summary hold HTML and Markdown: valid, one line each. */
const [announcement] = JSON.parse(readFileSync(join(FIXTURE, 'changelog.json'), 'utf8')) as ChangelogData;
let files: PublishedFile[] = [];
const file = (path: string) => files.find((candidate) => candidate.path === path)!;
const pages = () => files.filter(({ path }) => path.endsWith('.html'));
/** The API reference examples show the first platforms only. */
const examplePlatforms = platforms.slice(0, EXAMPLE_PLATFORM_COUNT);

const rateLimit = readRateLimit();
const changedLimit = { ...rateLimit, windowLimit: rateLimit.windowLimit - 15 };
/** The other methods' shared limit: a fact of its own, today the same figure as the API's. */
const otherLimit = otherMethodsConfig.rateLimit;
const changedOtherLimit = { ...otherLimit, windowLimit: otherLimit.windowLimit - 10 };
const changedRetries = DEFAULT_RETRIES + 2;

/** What readers get: pages, twins, the llms files and the skill. */
const isReadersText = (path: string) =>
  path.endsWith('.html') || path.endsWith('.md') || path === 'llms.txt' || path === 'llms-full.txt';

/**
 * Each fact, what stated it and states it now, and the texts that must state it. Two facts may
 * read the same today ("60 requests per 60 seconds"): a text that stated the old wording must
 * state one of the new ones, and no text may keep the old.
 */
const facts: [string, { before: string; after: string; statedIn: string[]; inSkill: boolean }][] = [
  [
    "the API's rate limit (netlify.toml)",
    {
      before: describeRateLimit(rateLimit),
      after: describeRateLimit(changedLimit),
      statedIn: ['llms.txt', 'llms-full.txt', 'docs/rate-limits.md', 'docs/rate-limits/index.html'],
      inSkill: true,
    },
  ],
  [
    "the other methods' shared limit (netlify/functions/other-methods.ts)",
    {
      before: describeRateLimit(otherLimit),
      after: describeRateLimit(changedOtherLimit),
      statedIn: ['llms-full.txt', 'docs/rate-limits.md', 'docs/rate-limits/index.html'],
      inSkill: false,
    },
  ],
  [
    "the client's retry default (client/src/api/retry-policy.ts)",
    {
      before: describeRetryLimit(DEFAULT_RETRIES),
      after: describeRetryLimit(changedRetries),
      statedIn: ['llms.txt', 'llms-full.txt', 'docs/rate-limits.md', 'docs/rate-limits/index.html'],
      inSkill: true,
    },
  ],
];

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

/** The project's files in `root`, and node_modules hard-linked: Astro needs real paths, not the links of copyProject. */
function copyProject(): void {
  copyProjectFiles(root);
  const linked = spawnSync('cp', ['-al', 'node_modules', join(root, 'node_modules')]);
  assert.equal(linked.status, 0, linked.stderr?.toString());
}

function edit(path: string, from: RegExp, to: string): void {
  const text = readFileSync(join(root, path), 'utf8');
  assert.match(text, from, `${path} no longer has ${from}`);
  writeFileSync(join(root, path), text.replace(from, to));
}

/** Runs a tooling entry point in the copy, on the fixture's data. */
function run(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        EARSHOT_DATA_DIR: dataDir,
        EARSHOT_OUT_DIR: outDir,
        EARSHOT_BUILD_LOG: 'silent',
        SITE_URL: testSite().baseUrl,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

before(async () => {
  copyProject();
  // A copy of the fixture that counts as published (the build refuses changes to the contract
  // nobody recorded), recorded with this project's facts, before they change in the copy.
  cpSync(FIXTURE, dataDir, { recursive: true });
  recordAsPublished(dataDir);
  edit(
    'netlify.toml',
    new RegExp(`window_limit = ${rateLimit.windowLimit}$`, 'gm'),
    `window_limit = ${changedLimit.windowLimit}`,
  );
  edit(
    'netlify/functions/other-methods.ts',
    new RegExp(`windowLimit: ${otherLimit.windowLimit},`),
    `windowLimit: ${changedOtherLimit.windowLimit},`,
  );
  edit(
    'client/src/api/retry-policy.ts',
    /^export const DEFAULT_RETRIES = \d+;/m,
    `export const DEFAULT_RETRIES = ${changedRetries};`,
  );
  edit('client/package.json', /"version": "[^"]+"/, '"version": "99.0.0"');
  const recorded = await run(['tooling/changes.ts', '--record']);
  assert.equal(recorded.status, 0, recorded.output);
  const build = await run(['tooling/build.ts']);
  assert.equal(build.status, 0, build.output);
  files = readPublishedFiles(outDir);
});
after(() => rmSync(root, { recursive: true, force: true }));

describe('a build with valid but hostile strings in the data', () => {
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

describe('a fact changed at its home, built once', () => {
  const built = () => readPublishedFiles(testSite().dir).filter(({ path }) => isReadersText(path));
  const changed = () => files.filter(({ path }) => isReadersText(path));

  const stating = (files: PublishedFile[], text: string) =>
    files.filter((file) => file.text.includes(text)).map(({ path }) => path);
  for (const [name, { before: old, after: now, statedIn }] of facts) {
    it(`${name}: every text that stated "${old}" states "${now}" (or the new wording of a fact worded the same), and none the old`, () => {
      const stated = stating(built(), old);
      for (const path of statedIn) {
        assert.ok(stated.includes(path), `${path} does not state "${old}"`);
        assert.ok(stating(changed(), now).includes(path), `${path} does not state "${now}"`);
      }
      const newWordings = facts.filter(([, fact]) => fact.before === old).map(([, fact]) => fact.after);
      assert.deepEqual(
        stated.filter((path) => !newWordings.some((wording) => stating(changed(), wording).includes(path))),
        [],
      );
      assert.deepEqual(stating(changed(), old), []);
    });
  }

  it('the Agent Skill states the new API limit and retry default', () => {
    const skill = changed().find(({ path }) => path.endsWith('/SKILL.md'));
    assert.ok(skill, 'no SKILL.md in the build');
    for (const [, { after: now, inSkill }] of facts)
      if (inSkill) assert.ok(skill.text.includes(now), `the skill lacks "${now}"`);
  });
});

/** Markdown without its code (fenced blocks and `spans`), where markup is shown, not acted on. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}
