import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { addTableCodeBreaks } from '../../site/lib/docs/table-code-breaks.ts';

const DOCS = 'site/content/docs';

/** Every MDX page under the docs content, by path. */
function mdxPages(dir = DOCS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? mdxPages(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}

/**
 * Template literals that span lines inside a JSX expression of an MDX page (`code={`a\n  b`}`),
 * with their line numbers. MDX strips the indentation of every line of such an expression, so a
 * sample written there loses it on screen and in what the copy button copies: multi-line code
 * lives in site/lib/docs/code-samples.ts. Fenced code blocks are Markdown and keep theirs.
 */
function multiLineLiterals(source: string): number[] {
  const withoutFences = source.replace(/^(```|~~~)[\s\S]*?^\1/gm, (fence) => fence.replace(/[^\n]/g, ' '));
  return [...withoutFences.matchAll(/\{[^{}]*?`[^`]*\n[^`]*`/g)].map(
    (match) => withoutFences.slice(0, match.index + match[0].indexOf('`')).split('\n').length,
  );
}

describe('the docs pages type no multi-line code in MDX expressions', () => {
  it('finds such a literal when there is one (the check can fail)', () => {
    assert.deepEqual(multiLineLiterals('Text\n\n<Code code={`a\n  b`} />\n'), [3]);
    assert.deepEqual(multiLineLiterals('```js\nconst a = `x\n  y`;\n```\n<Code code={`one line`} />\n'), []);
  });
  for (const page of mdxPages()) {
    it(page, () => assert.deepEqual(multiLineLiterals(readFileSync(page, 'utf8')), [], `${page}: line(s)`));
  }
});

describe('addTableCodeBreaks', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'a URL in a cell breaks after its separators, never inside a word',
      {
        given: '<td><code>https://earshot.dev/api/v1/capabilities</code></td>',
        want: '<td><code>https://<wbr>earshot.<wbr>dev/<wbr>api/<wbr>v1/<wbr>capabilities</code></td>',
      },
    ],
    [
      'a short id with a hyphen keeps its break point: whole, it could starve a column on a phone',
      {
        given: '<td><code>hacker-news</code></td>',
        want: '<td><code class="table-code-value"><span class="table-code-piece">hacker-</span><wbr>news</code></td>',
      },
    ],
    [
      'a flag breaks after its inner hyphen only, each piece with a hyphen kept on one line',
      {
        given: '<td><code>--max-wait &lt;seconds&gt; --base-url &lt;url&gt;</code></td>',
        want: '<td><code><span class="table-code-piece">--max-</span><wbr>wait &lt;seconds&gt; <span class="table-code-piece">--base-</span><wbr>url &lt;url&gt;</code></td>',
      },
    ],
    [
      'a word without separators stays whole',
      {
        given: '<th><code>aLongIdentifierWithoutSeparators</code></th>',
        want: '<th><code class="table-code-value">aLongIdentifierWithoutSeparators</code></th>',
      },
    ],
    [
      'an entity is left whole',
      {
        given: '<td><code>https://a.example/?a=1&amp;b=2</code></td>',
        want: '<td><code class="table-code-value">https://<wbr>a.<wbr>example/<wbr>?a=<wbr>1&amp;b=<wbr>2</code></td>',
      },
    ],
    [
      'identifiers in the text of a cell break too; short code stays whole, each entity one character',
      {
        given: '<td>default: EARSHOT_BASE_URL, or <code>earshot/&lt;version&gt;</code></td>',
        want: '<td>default: EARSHOT_<wbr>BASE_<wbr>URL, or <code><span class="table-code-piece">earshot/&lt;version&gt;</span></code></td>',
      },
    ],
    [
      'JSON breaks after its colons and commas',
      {
        given: '<td><code>{&quot;error&quot;:&quot;Not Found&quot;,&quot;statusCode&quot;:404}</code></td>',
        want: '<td><code>{&quot;error&quot;:<wbr>&quot;Not Found&quot;,<wbr>&quot;statusCode&quot;:<wbr>404}</code></td>',
      },
    ],
    ['code outside a table is untouched', { given: '<p><code>a/b</code></p>', want: '<p><code>a/b</code></p>' }],
    [
      'code inside a link in a cell, with attributes',
      {
        given: '<td class="x"><a href="/a/b"><code dir="auto">GET /api/v1</code></a></td>',
        want: '<td class="x"><a href="/a/b"><code dir="auto" class="table-code-value"><span class="table-code-piece">GET /api/v1</span></code></a></td>',
      },
    ],
    [
      'short code without a hyphen, 17 characters at most, stays whole on one line: a URI, a tool name, a link relation',
      {
        given:
          '<td><code>earshot://openapi</code> <code>list_platforms</code> <code>rel=&quot;deprecation&quot;</code></td>',
        want: '<td><code><span class="table-code-piece">earshot://openapi</span></code> <code><span class="table-code-piece">list_platforms</span></code> <code><span class="table-code-piece">rel=&quot;deprecation&quot;</span></code></td>',
      },
    ],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(addTableCodeBreaks(given), want));
});

describe('a table cell that is one short value keeps it on one line where the screen is wide', () => {
  const cases: [string, string, boolean][] = [
    ['a default URL', '<td><code>https://earshot.dev</code></td>', true],
    ['code among words', '<td>Retries, 0 to <code>10</code>.</td>', false],
    ['a link that is one value', '<td><a href="/cli/x.tgz"><code>earshot-1.1.1-6f44ba8f93.tgz</code></a></td>', true],
    ['code longer than a value', `<td><code>https://earshot.dev/.well-known/mcp/server-card.json</code></td>`, false],
  ];
  for (const [name, cell, value] of cases)
    it(`${name}: ${value ? 'a value' : 'not a value'}`, () =>
      assert.equal(addTableCodeBreaks(`<table><tr>${cell}</tr></table>`).includes('class="table-code-value"'), value));
});
