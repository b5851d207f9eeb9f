import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { endpoints } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { describeRateLimit, readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { NOT_FOUND, TOO_MANY_REQUESTS } from '../../contract/api-errors.ts';
import { findStatedRateLimits } from '../support/rate-limit-statements.ts';
import {
  commandDefinitions,
  commandName,
  environmentVariableDefinitions,
  exitCodeDefinitions,
  flagDefinitions,
  formatFlag,
  outputModeDefinitions,
} from '../../client/src/definitions.ts';
import { renderMcpClientSnippets } from '../../client/src/mcp/mcp-client-snippets.ts';
import type { McpConfiguration } from '../../contract/schemas/index.ts';
import { publishedSchemas, publishedTolerantSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { buildMcpTooManyRequestsBody, RATE_LIMITED } from '../../site/lib/mcp/mcp-too-many-requests.ts';
import { LONG_OUTPUT_LINES, OUTPUT_LINES_SHOWN } from '../../site/lib/docs/code-samples.ts';
import {
  attribute,
  parseHtml,
  readableText,
  textContent,
  walkElements,
  type HtmlElement,
} from '../support/html-tree.ts';
import { testSite } from '../support/test-build.ts';

const { dir: outDir, baseUrl } = testSite();
const { product, platforms } = loadSiteDataOrThrow({ dataDir: 'data' });

const readPage = (path: string) => readFileSync(join(outDir, path, 'index.html'), 'utf8');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)));
}

interface CodeBlock {
  title: string;
  /** The lines the copy button copies. */
  lineCount: number;
  /** The lines outside any collapsed section. */
  shownLines: number;
  /** Each collapsed section: whether the HTML opens it, its summary line, the lines it holds. */
  sections: { open: boolean; summary: string; lineCount: number }[];
}

/** Every Expressive Code block of a page, as its HTML lays it out before any script runs. */
function readCodeBlocks(html: string): CodeBlock[] {
  const hasClass = (element: HtmlElement, name: string) =>
    (attribute(element, 'class') ?? '').split(' ').includes(name);
  const linesOf = (elements: HtmlElement[]) => elements.filter((element) => hasClass(element, 'ec-line'));
  return [...walkElements(parseHtml(html))]
    .filter((element) => hasClass(element, 'expressive-code'))
    .map((block) => {
      const inside = [...walkElements(block)];
      const title = inside.find((element) => hasClass(element, 'title'));
      const copyButton = inside.find((element) => attribute(element, 'data-code') !== undefined)!;
      const code = inside.find((element) => element.tagName === 'code')!;
      const children = code.childNodes.filter((node): node is HtmlElement => 'tagName' in node);
      return {
        title: title ? textContent(title).trim() : '',
        lineCount: attribute(copyButton, 'data-code')!.split('\u007f').length,
        shownLines: linesOf(children).length,
        sections: children
          .filter((child) => hasClass(child, 'ec-section'))
          .map((section) => {
            const summary = [...walkElements(section)].find((element) => element.tagName === 'summary');
            return {
              open: section.tagName !== 'details' || attribute(section, 'open') !== undefined,
              summary: summary ? textContent(summary).trim() : '',
              // The summary's own line is not one of the block's.
              lineCount: linesOf([...walkElements(section)]).length - (summary ? 1 : 0),
            };
          }),
      };
    });
}

describe('the docs, as the test run built them', () => {
  it('make every code block keyboard-focusable in the HTML itself, before any script runs', () => {
    // Expressive Code's <pre>s carry data-language; its own script adds tabindex only after load.
    const unfocusable = htmlFiles(outDir).flatMap((file) =>
      [...readFileSync(join(outDir, file), 'utf8').matchAll(/<pre\b[^>]*\bdata-language=[^>]*>/g)]
        .filter(([tag]) => !/\btabindex="0"/.test(tag))
        .map(([tag]) => `${file}: ${tag}`),
    );
    assert.deepEqual(unfocusable, []);
    assert.ok(
      /<pre\b[^>]*\bdata-language=[^>]*\btabindex="0"/.test(readPage('docs/cli')),
      'the CLI page has code blocks',
    );
  });

  it(`collapse every output longer than ${LONG_OUTPUT_LINES} lines after its first ${OUTPUT_LINES_SHOWN}, in the HTML itself, and no other block`, () => {
    const blocks = htmlFiles(outDir).flatMap((file) =>
      readCodeBlocks(readFileSync(join(outDir, file), 'utf8')).map((block) => ({ file, ...block })),
    );
    const isLongOutput = (block: CodeBlock) => block.title === 'Output' && block.lineCount > LONG_OUTPUT_LINES;
    const shown = blocks.map(({ file, title, shownLines, sections }) => ({ file, title, shownLines, sections }));
    const wanted = blocks.map((block) => ({
      file: block.file,
      title: block.title,
      ...(isLongOutput(block)
        ? {
            shownLines: OUTPUT_LINES_SHOWN,
            sections: [
              {
                open: false,
                summary: `Show all (${block.lineCount - OUTPUT_LINES_SHOWN} more lines)`,
                lineCount: block.lineCount - OUTPUT_LINES_SHOWN,
              },
            ],
          }
        : { shownLines: block.lineCount, sections: [] }),
    }));
    assert.deepEqual(shown, wanted);
    // The platforms JSON under each tab of the quick start and of the back-off samples.
    assert.deepEqual([...new Set(blocks.filter(isLongOutput).map((block) => block.file))].sort(), [
      'docs/index.html',
      'docs/rate-limits/index.html',
    ]);
  });

  it('give the not-found page no canonical address: it answers unknown paths with 404', () => {
    const html = readFileSync(join(outDir, '404.html'), 'utf8');
    assert.ok(html.includes('Page not found'));
    assert.doesNotMatch(html, /rel="canonical"|property="og:url"/);
    assert.match(readPage('docs'), /rel="canonical"/);
  });

  it('leave no MDX expression unevaluated and print no "undefined"', () => {
    const problems = htmlFiles(outDir).flatMap((file) => {
      const text = readableText(readFileSync(join(outDir, file), 'utf8'));
      return [/\{facts\.[^}]*\}/, /\bundefined\b/, /\[object Object\]/].flatMap((pattern) => {
        const match = pattern.exec(text);
        return match ? [`${file}: ${match[0]}`] : [];
      });
    });
    assert.deepEqual(problems, []);
  });

  it('print the rate limit read from netlify.toml and the 429 body the OpenAPI document declares', () => {
    const text = readableText(readPage('docs/rate-limits'));
    assert.ok(text.includes(describeRateLimit(readRateLimit())), 'the limit is missing');
    assert.ok(text.includes(JSON.stringify(TOO_MANY_REQUESTS)), 'the 429 body is missing');
    assert.ok(text.includes(JSON.stringify(NOT_FOUND)), 'the 404 body is missing');
  });

  it("state the MCP endpoint's own limit, on the MCP and rate-limit pages, with the JSON-RPC 429 body (the reasoning is the maintainers', in site/lib/mcp/README.md)", () => {
    const mcpRateLimit = readMcpRateLimit();
    for (const page of ['docs/mcp', 'docs/rate-limits']) {
      const text = readableText(readPage(page));
      assert.ok(
        text.includes(`${describeRateLimit(mcpRateLimit)} per client IP address`),
        `${page}: the limit is missing`,
      );
      assert.ok(text.includes(`${RATE_LIMITED}`), `${page}: the JSON-RPC code is missing`);
    }
    const text = readableText(readPage('docs/rate-limits'));
    // A code block splits the JSON into highlighted tokens: compared without white space.
    const squash = (value: string) => value.replace(/\s+/g, '');
    assert.ok(
      squash(text).includes(squash(JSON.stringify(buildMcpTooManyRequestsBody(1, mcpRateLimit)))),
      'the 429 body is missing',
    );
    assert.ok(!text.includes('invocation'), 'the rate-limit page explains the functions behind the limit');
  });

  it("never state a rate limit other than netlify.toml's, the API's or the MCP endpoint's, on any page", () => {
    const limits = [readRateLimit(), readMcpRateLimit()];
    const wrong = htmlFiles(outDir).flatMap((file) =>
      findStatedRateLimits(readableText(readFileSync(join(outDir, file), 'utf8')))
        .filter(
          (stated) =>
            !limits.some(
              ({ windowLimit, windowSize }) => stated.windowLimit === windowLimit && stated.windowSize === windowSize,
            ),
        )
        .map((stated) => `${file}: "${stated.text}"`),
    );
    assert.deepEqual(wrong, []);
  });

  it("document on the CLI page every command, example, flag, output mode, variable and exit code of the client's own definitions", () => {
    // Code blocks split commands into tokens; compare without white space. A `span` of a
    // definition renders as code, without its backticks (site/lib/docs/code-spans.ts).
    const squash = (text: string) => text.replace(/\s+|`/g, '');
    const text = squash(readableText(readPage('docs/cli')));
    const missing = [
      ...commandDefinitions.flatMap((command) => [
        commandName(command.path),
        command.description,
        ...command.examples.map((example) => example.command),
      ]),
      ...flagDefinitions.flatMap((flag) => [formatFlag(flag), flag.summary]),
      ...outputModeDefinitions,
      ...environmentVariableDefinitions.flatMap((variable) => [variable.name, variable.summary]),
      ...exitCodeDefinitions.map(({ meaning }) => meaning),
    ].filter((fact) => !text.includes(squash(fact)));
    assert.deepEqual(missing, []);
  });

  it('show on the MCP page, for each client, both snippets derived from the /mcp.json this build serves', () => {
    const served = JSON.parse(readFileSync(join(outDir, product.resources.mcp), 'utf8')) as McpConfiguration;
    assert.equal(served.mcpServers.earshot.url, `${baseUrl}/mcp`);
    assert.deepEqual(served.mcpServers['earshot-stdio'].args.slice(-2), ['--base-url', baseUrl]);
    // Code blocks split tokens into elements, so compare without any white space.
    const text = readableText(readPage('docs/mcp')).replace(/\s/g, '');
    const missing = renderMcpClientSnippets(served).flatMap((snippet) =>
      [snippet.name, snippet.code].filter((fact) => !text.includes(fact.replace(/\s/g, ''))),
    );
    assert.deepEqual(missing, []);
  });

  it('give the support contact from data/product.json on the authentication page', () => {
    const html = readPage('docs/authentication');
    assert.ok(readableText(html).includes(product.supportEmail));
    assert.match(html, new RegExp(`href="mailto:${product.supportEmail.replace('.', '\\.')}\\?`));
  });

  it('list every platform of data/platforms.json (fewer than the table shows at most), in order, with its target types', () => {
    const rows = [
      // The break points (site/lib/docs/table-code-breaks.ts) are not part of the names and ids.
      ...readPage('docs/platforms')
        .replace(/<wbr>|<span class="table-code-piece">([^<]*)<\/span>/g, '$1')
        .matchAll(/<tr><td>([^<]*)<\/td><td><code[^>]*>([^<]*)<\/code><\/td><td>(.*?)<\/td><\/tr>/g),
    ].map(([, name, id, types]) => ({
      id,
      name,
      targetTypes: [...types!.matchAll(/<code[^>]*>([^<]*)<\/code>/g)].map((match) => match[1]),
    }));
    // The table shows these three columns; a field the data adds is not one of them.
    assert.deepEqual(
      rows,
      platforms.map(({ id, name, targetTypes }) => ({ id, name, targetTypes })),
    );
  });

  it('link every page to this deploy, including the API reference, generated from the served OpenAPI document', () => {
    const served = JSON.parse(readFileSync(join(outDir, 'openapi.json'), 'utf8'));
    assert.equal(served.servers.length, 1);
    assert.equal(served.servers[0].url, baseUrl);
    // starlight-openapi prints the server URL in each operation's request example.
    assert.ok(
      readableText(readPage('docs/api/operations/listserviceplatforms')).includes(`${baseUrl}/api/v1/platforms`),
    );
    assert.ok(readableText(readPage('docs')).includes(`All endpoints live under ${baseUrl}`));
    assert.match(
      readFileSync(join(outDir, 'llms.txt'), 'utf8'),
      new RegExp(`^- \\[Overview and quick start\\]\\(${baseUrl}/docs\\.md\\)`, 'm'),
    );
    const catalog = JSON.parse(readFileSync(join(outDir, '.well-known/api-catalog'), 'utf8'));
    assert.deepEqual(
      catalog.linkset[0].item.map((item: { href: string }) => item.href),
      [...endpoints.map(({ path }) => `${baseUrl}${path}`), `${baseUrl}/mcp`],
    );
    assert.equal(catalog.linkset[1]['service-desc'][0].href, `${baseUrl}/openapi.json`);
    // The schemas a preview publishes name the preview, in their $id and in their references.
    const schema = JSON.parse(readFileSync(join(outDir, 'schemas/v1/platforms-response.json'), 'utf8'));
    assert.equal(schema.$id, `${baseUrl}/schemas/v1/platforms-response.json`);
    assert.equal(schema.properties.data.items.$ref, `${baseUrl}/schemas/v1/platform.json`);
  });
});

describe('the JSON Schemas, as the test run built them', () => {
  it('answer at every $id and $ref that is an address on this site, the tolerant ones included', () => {
    const published = [...publishedSchemas(baseUrl), ...publishedTolerantSchemas(baseUrl)];
    const addresses = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === 'object' && value !== null)
        for (const [key, child] of Object.entries(value))
          if ((key === '$id' || key === '$ref') && typeof child === 'string') addresses.add(child.split('#')[0]!);
          else collect(child);
    };
    for (const { path } of published) collect(JSON.parse(readFileSync(join(outDir, path), 'utf8')));
    const onSite = [...addresses].filter((address) => address.startsWith(`${baseUrl}/`));
    assert.ok(
      onSite.some((address) => address.includes('/schemas/tolerant/v1/')),
      'the tolerant ids are checked',
    );
    const missing = onSite.filter((address) => !existsSync(join(outDir, new URL(address).pathname)));
    assert.deepEqual(missing, []);
    // What a tolerant schema is for is said where the schemas are listed.
    assert.match(readableText(readPage('docs/versioning')), /Tolerant schemas, for clients/);
  });
});
