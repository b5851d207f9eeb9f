import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { parse as parsePath, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { publishedSchemas, publishedTolerantSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { readCliTarball } from '../../site/lib/cli-package/cli-tarball.ts';
import { readServedReleases, sbomFileName } from '../../site/lib/cli-package/releases.ts';
import { SECURITY_TXT_PATH } from '../../site/lib/discovery/build-security-txt.ts';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import { markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { MCP_SERVER_CARD_JSON_PATH, MCP_SERVER_CARD_PATH } from '../../site/lib/mcp/build-mcp-server-card.ts';
import { REGISTRY_SERVER_JSON_PATH } from '../../site/lib/mcp/build-registry-server-json.ts';
import { AGENT_SKILLS_INDEX_PATH } from '../../site/lib/discovery/build-agent-skills-index.ts';
import { HEADERS_FILE } from '../../site/lib/edge/page-link-headers.ts';
import { WEBMCP_SCRIPT_PATH } from '../../site/lib/discovery/build-webmcp-script.ts';
import { apiSchemas, productDataSchema } from '../../contract/schemas/index.ts';
import { PLANTED_SECRETS, testSite } from '../support/test-build.ts';
import { parsePublishedJson, readPublishedFiles, type PublishedFile } from '../support/published-files.ts';
import { CHANGELOG_FEED_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';

/**
 * Everything `npm run build` publishes is part of the documented public surface (README:
 * "Quick start", "Documentation site", "The edge"), and nothing else leaks into it: no source
 * maps, no environment values, no data-file fields beyond the public shapes, no paths of the
 * machine that built it.
 */
const { dir: outDir, baseUrl } = testSite();
const netlify = readNetlifyConfig();
const { product } = loadSiteDataOrThrow({ dataDir: 'data' });

/** Values the test run planted in the build's environment, as a CI's secrets would be: none may be published. */
const planted = PLANTED_SECRETS;

const jsonErrorBody = netlify.redirects!.find((rule) => rule.from === '/api/*' && rule.status === 404)!.to.slice(1);
const jsonErrorBodyCopy = netlify.redirects!.find((rule) => rule.from === `/${jsonErrorBody}`)!.to.slice(1);

/** The client package the site serves (README, "Command-line client"): the same bytes in every build. */
const cliTarball = readCliTarball().path.slice(1);
/** Every version the site serves (releases/, and the current one): the tarballs and their SBOMs. */
const servedReleases = readServedReleases(readCliTarball());

/** The documented files that must each be there, once. */
const singletons: Record<string, string> = {
  ...Object.fromEntries(endpoints.map((route) => [endpointFile(route).slice(1), `the ${route.path} endpoint`])),
  [jsonErrorBody]: 'the JSON 404 error body',
  [jsonErrorBodyCopy]: 'its copy, served when the JSON 404 body itself is requested',
  ...Object.fromEntries(
    publishedSchemas(baseUrl).map(({ path, title }) => [path.slice(1), `the ${title} JSON Schema`]),
  ),
  ...Object.fromEntries(
    publishedTolerantSchemas(baseUrl).map(({ path, title }) => [path.slice(1), `the tolerant ${title} JSON Schema`]),
  ),
  [OPENAPI_PATH.slice(1)]: 'the OpenAPI document',
  [product.resources.mcp.slice(1)]: 'the MCP configuration',
  'sitemap-index.xml': 'the sitemap index',
  'robots.txt': 'robots.txt',
  'llms.txt': 'llms.txt',
  'llms-full.txt': 'llms-full.txt, the whole docs in Markdown',
  '.well-known/api-catalog': 'the API catalog',
  [MCP_SERVER_CARD_PATH.slice(1)]: 'the MCP Server Card',
  [MCP_SERVER_CARD_JSON_PATH.slice(1)]: 'the MCP Server Card, where crawlers probe',
  [REGISTRY_SERVER_JSON_PATH.slice(1)]: 'the MCP Registry entry (server.json)',
  [AGENT_SKILLS_INDEX_PATH.slice(1)]: 'the Agent Skills index',
  [HEADERS_FILE]: 'the pages’ Link headers, read by Netlify',
  [WEBMCP_SCRIPT_PATH.slice(1)]: 'the WebMCP script',
  'favicon.svg': 'the favicon',
  [cliTarball]: 'the client package',
  '404.html': 'the not-found page',
  [CHANGELOG_FEED_PATH.slice(1)]: 'the changelog feed (JSON Feed 1.1)',
  ...Object.fromEntries(
    servedReleases.tarballs.flatMap(({ fileName, version, bundle }) => [
      [`cli/${fileName}`, `the client package ${version}`],
      [`cli/${sbomFileName(fileName)}`, `the SBOM of the client package ${version}`],
      ...(bundle ? [[`cli/${bundle.fileName}`, `the MCP Bundle of the client package ${version}`]] : []),
    ]),
  ),
  [RELEASE_PATHS.manifest.slice(1)]: 'the release manifest',
  [RELEASE_PATHS.sha256sums.slice(1)]: 'the checksums of the releases',
  [SECURITY_TXT_PATH.slice(1)]: 'security.txt',
};

/** The documented families of files, by path. Docs pages are those the sitemap lists. */
const families: [string, RegExp][] = [
  ['a sitemap', /^sitemap-\d+\.xml$/],
  // Only a local build has it (tooling/local-build.ts): `npm run build` removes it.
  ['the stamp of a local build', /^\.earshot-build$/],
  ['an Agent Skill file', /^\.well-known\/agent-skills\/[a-z0-9-]+\/SKILL\.md$/],
  [
    'a docs asset bundled by Astro (scripts, styles, fonts, images)',
    /^_astro\/[\w.-]+\.(js|css|woff2?|svg|png|jpe?g|webp|avif)$/,
  ],
  [
    'the search index and UI (Pagefind)',
    /^pagefind\/(pagefind[\w.-]*\.(js|css|json|pf_meta)|wasm\.[\w-]+\.pagefind|fragment\/[\w-]+\.pf_fragment|index\/[\w-]+\.pf_index)$/,
  ],
];

/**
 * Known text in third-party files that names a path, with why it is not a leak: Pagefind ships
 * `pagefind-highlight.js` as it was bundled, and the bundler's comments name its source module.
 */
const vendoredPathMentions = [
  { file: 'pagefind/pagefind-highlight.js', text: 'node_modules/mark.js/dist/mark.js' },
  // The MCP SDK, bundled into every release of the client: its schema for MCP roots requires `file://` URIs.
  ...servedReleases.tarballs.map(({ fileName }) => ({ file: `cli/${fileName}`, text: 'startsWith("file://")' })),
];

let files: PublishedFile[] = [];
let sitemapPages: string[] = [];

describe('the public surface of a build', () => {
  before(() => {
    files = readPublishedFiles(outDir);
    const sitemaps = files.filter(({ path }) => /^sitemap-\d+\.xml$/.test(path));
    // The sitemap names pages and one file that is not a page, the changelog feed (a singleton).
    sitemapPages = sitemaps
      .flatMap(({ text }) => [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname))
      .filter((path) => !(path.slice(1) in singletons));
  });

  it('publishes only files of the documented surface', () => {
    // Each page, and its Markdown version for agents.
    const pageFiles = new Set(
      sitemapPages.flatMap((path) => [`${path.slice(1)}index.html`, markdownPathOf(path).slice(1)]),
    );
    const undocumented = files
      .map(({ path }) => path)
      .filter(
        (path) => !(path in singletons) && !pageFiles.has(path) && !families.some(([, pattern]) => pattern.test(path)),
      );
    assert.deepEqual(undocumented, []);
  });

  it('publishes every documented file, and a page for every sitemap entry', () => {
    const paths = new Set(files.map(({ path }) => path));
    const missing = Object.entries(singletons)
      .filter(([path]) => !paths.has(path))
      .map(([path, what]) => `${what} (${path})`);
    assert.deepEqual(missing, []);
    assert.ok(sitemapPages.includes('/') && sitemapPages.includes('/docs/'), sitemapPages.join(' '));
    assert.deepEqual(
      sitemapPages.filter((path) => !paths.has(`${path.slice(1)}index.html`)),
      [],
    );
  });

  it('publishes no source maps', () => {
    assert.deepEqual(
      files
        .filter(({ path, text }) => path.endsWith('.map') || /[#@]\s*sourceMappingURL=/.test(text))
        .map(({ path }) => path),
      [],
    );
  });

  it('publishes no value of the build environment', () => {
    // The planted probes, and whatever secret the environment of this run holds.
    const secrets = Object.entries({ ...process.env, ...planted }).filter(
      ([name, value]) =>
        value && value.length >= 8 && (name in planted || /TOKEN|SECRET|PASSWORD|API_?KEY|AUTH/i.test(name)),
    );
    assert.ok(secrets.length >= 2);
    const leaks = files.flatMap(({ path, text, bytes }) =>
      secrets
        .filter(([, value]) => text.includes(value!) || bytes.includes(value!))
        .map(([name]) => `${path}: ${name}`),
    );
    assert.deepEqual(leaks, []);
  });

  it('publishes no path of the machine that built it', () => {
    const machinePaths = [
      process.cwd(),
      resolve(outDir),
      `${homedir()}/`,
      `${tmpdir()}/`,
      '/work/',
      'file://',
      'node_modules',
    ];
    const mentions = files.flatMap(({ path, text }) => {
      const allowed = vendoredPathMentions.filter((mention) => mention.file === path).map((mention) => mention.text);
      const cleaned = allowed.reduce((rest, mention) => rest.replaceAll(mention, ''), text);
      return machinePaths
        .filter((machinePath) => cleaned.includes(machinePath))
        .map((machinePath) => `${path}: ${machinePath}`);
    });
    assert.deepEqual(mentions, []);
  });

  it('publishes no field of the data files beyond the public shapes', () => {
    const publicNames = new Set<string>();
    const collectNames = (schema: unknown): void => {
      if (typeof schema !== 'object' || schema === null) return;
      const { properties } = schema as { properties?: Record<string, unknown> };
      if (properties) for (const name of Object.keys(properties)) publicNames.add(name);
      for (const value of Object.values(schema)) collectNames(value);
    };
    Object.values(apiSchemas).forEach(collectNames);
    const dataOnly = Object.keys(productDataSchema.properties).filter((name) => !publicNames.has(name));
    assert.deepEqual(dataOnly.sort(), ['baseUrl', 'supportEmail']);

    const keysIn = (value: unknown): string[] =>
      typeof value !== 'object' || value === null
        ? []
        : [...(Array.isArray(value) ? [] : Object.keys(value)), ...Object.values(value).flatMap(keysIn)];
    const jsonFiles = files.filter(({ path }) => /\.json$|(^|\/)api-catalog$/.test(path));
    assert.ok(jsonFiles.length >= 5, jsonFiles.map(({ path }) => path).join(', '));
    const found = jsonFiles.flatMap((file) =>
      keysIn(parsePublishedJson(outDir, file))
        .filter((key) => dataOnly.includes(key))
        .map((key) => `${file.path}: ${key}`),
    );
    assert.deepEqual(found, []);
  });

  it('shows the support address in the docs that give it (the authentication and security pages at least), security.txt, the OpenAPI contact and the client package, and nowhere else: no API answer, discovery file or schema', () => {
    // The client package names it in its hints (`tell support@…`), its README and its `bugs` field.
    // Any docs page may give it (a new page too), with its Markdown twin and the file of all Markdown.
    const isDocsPage = (path: string) =>
      path.startsWith('docs/') && (path.endsWith('/index.html') || path.endsWith('.md'));
    const otherHolders = [
      'llms-full.txt',
      OPENAPI_PATH.slice(1),
      // Every release of the client, the current one included.
      ...servedReleases.tarballs.map(({ fileName }) => `cli/${fileName}`),
      SECURITY_TXT_PATH.slice(1),
    ];
    const holders = files.filter(({ text }) => text.includes(product.supportEmail));
    const [fragments, others] = [
      holders.filter(({ path }) => path.endsWith('.pf_fragment')),
      holders.filter(({ path }) => !path.endsWith('.pf_fragment')),
    ];
    const paths = others.map(({ path }) => path);
    assert.deepEqual(
      paths.filter((path) => !isDocsPage(path) && !otherHolders.includes(path)),
      [],
    );
    const required = ['docs/authentication/', 'docs/api/', 'docs/security/'].flatMap((page) => [
      `${page}index.html`,
      markdownPathOf(`/${page}`).slice(1),
    ]);
    assert.deepEqual(
      [...required, ...otherHolders].filter((path) => !paths.includes(path)),
      [],
    );
    // Pagefind's fragments each index one page: a signature, then JSON that names the page's URL.
    const fragmentPages = fragments.map(
      ({ text }) => `${(JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url.slice(1)}index.html`,
    );
    assert.deepEqual(
      fragmentPages.filter((page) => !paths.includes(page)),
      [],
    );
  });

  it("deploys only the documented Netlify Functions: the 429 answers (the API's and /mcp's), the MCP endpoint, the answer to methods other than GET and HEAD, and the icon for other origins", () => {
    const functionPath = /^\/\.netlify\/functions\/([\w-]+)$/;
    const targets = new Set(
      netlify.redirects!.flatMap((rule) => [rule.to, rule.rate_limit?.to ?? ''].filter((to) => functionPath.test(to))),
    );
    assert.deepEqual([...targets].map((to) => functionPath.exec(to)![1]!).sort(), [
      'mcp',
      'mcp-too-many-requests',
      'too-many-requests',
    ]);
    const deployed = readdirSync(netlify.functions!.directory!)
      .map((name) => parsePath(name).name)
      .sort();
    assert.deepEqual(deployed, ['mcp', 'mcp-too-many-requests', 'other-methods', 'server-icon', 'too-many-requests']);
    const reference = readFileSync('netlify/README.md', 'utf8');
    for (const name of deployed)
      assert.ok(
        reference.includes(`netlify/functions/${name}.ts`),
        `netlify/README.md should describe netlify/functions/${name}.ts`,
      );
  });
});
