import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { convertPageToMarkdown, toMarkdownLink } from '../../site/lib/discovery/page-markdown.ts';

/** A built Starlight page reduced to what the converter reads: head, title, main content. */
const page = (main: string) =>
  `<!doctype html><html><head><meta name="description" content="What it is."></head><body><main><h1 id="_top">Title</h1><div class="sl-markdown-content">${main}</div></main></body></html>`;

describe('convertPageToMarkdown', () => {
  const cases: [string, { main: string; want: string }][] = [
    ['the title and description lead', { main: '<p>Text.</p>', want: '# Title\n\n> What it is.\n\nText.\n' }],
    [
      'a heading loses its anchor link',
      {
        main: '<div class="sl-heading-wrapper"><h2 id="a">Install</h2><a class="sl-anchor-link" href="#a"><span class="sr-only">Section titled “Install”</span><svg></svg></a></div>',
        want: '# Title\n\n> What it is.\n\n## Install\n',
      },
    ],
    [
      "a table cell's break points (<wbr>) leave no character behind",
      {
        main: '<table><thead><tr><th>Path</th></tr></thead><tbody><tr><td><code>/api/<wbr>v1</code></td></tr></tbody></table>',
        // Unpadded cells: a model pays for every space of an aligned table.
        want: '# Title\n\n> What it is.\n\n| Path |\n| - |\n| `/api/v1` |\n',
      },
    ],
    [
      'an Expressive Code block: its lines as the copy button holds them, with its language',
      {
        main: '<div class="expressive-code"><figure class="frame"><figcaption class="header"><span class="title"></span></figcaption><pre data-language="sh"><code><div class="ec-line">a</div><div class="ec-line">b</div></code></pre><div class="copy"><button data-code="npm ci\u007fnpm test"></button></div></figure></div>',
        want: '# Title\n\n> What it is.\n\n```sh\nnpm ci\nnpm test\n```\n',
      },
    ],
    [
      'a block with a collapsed section: every line, as copied, and no "Show all" line',
      {
        main: '<div class="expressive-code"><figure><figcaption><span class="title">Output</span></figcaption><pre data-language="json"><code><div class="ec-line">[</div><details class="ec-section github"><summary><div class="ec-line"><div class="code"><span class="expand"></span><span class="text">Show all (2 more lines)</span></div></div></summary><div class="ec-line">  1</div><div class="ec-line">]</div></details></code></pre><button data-code="[\u007f  1\u007f]"></button></figure></div>',
        want: '# Title\n\n> What it is.\n\n**Output**\n\n```json\n[\n  1\n]\n```\n',
      },
    ],
    [
      'a titled code block keeps its title',
      {
        main: '<div class="expressive-code"><figure><figcaption><span class="title">Output</span></figcaption><pre data-language="json"><code>{}</code></pre><button data-code="{}"></button></figure></div>',
        want: '# Title\n\n> What it is.\n\n**Output**\n\n```json\n{}\n```\n',
      },
    ],
    [
      'tabs become one labelled section per tab',
      {
        main: '<starlight-tabs><ul role="tablist"><li><a role="tab">curl</a></li><li><a role="tab">Python</a></li></ul><div role="tabpanel"><p>One.</p></div><div role="tabpanel" hidden><p>Two.</p></div></starlight-tabs>',
        want: '# Title\n\n> What it is.\n\n**curl**\n\nOne.\n\n**Python**\n\nTwo.\n',
      },
    ],
    [
      'an aside becomes a quotation under its title',
      {
        main: '<aside class="starlight-aside"><p class="starlight-aside__title">Note</p><div class="starlight-aside__content"><p>Careful.</p></div></aside>',
        want: '# Title\n\n> What it is.\n\n> **Note**\n>\n> Careful.\n',
      },
    ],
    [
      'an output every tab shows alike is said once, after the tabs',
      {
        main: '<starlight-tabs><ul role="tablist"><li><a role="tab">curl</a></li><li><a role="tab">Python</a></li></ul><div role="tabpanel"><p>One.</p><div class="expressive-code"><figure class="frame"><figcaption class="header"><span class="title">Output</span></figcaption><pre data-language="json"><code>{}</code></pre><div class="copy"><button data-code="{}"></button></div></figure></div></div><div role="tabpanel" hidden><p>Two.</p><div class="expressive-code"><figure class="frame"><figcaption class="header"><span class="title">Output</span></figcaption><pre data-language="json"><code>{}</code></pre><div class="copy"><button data-code="{}"></button></div></figure></div></div></starlight-tabs>',
        want: '# Title\n\n> What it is.\n\n**curl**\n\nOne.\n\n**Python**\n\nTwo.\n\n**Output**\n\n```json\n{}\n```\n',
      },
    ],
    [
      'a link to a heading of the page goes to the heading’s Markdown anchor',
      {
        main: '<h2 id="command-platforms"><code>earshot platforms</code></h2><p><a href="#command-platforms">here</a></p>',
        want: '# Title\n\n> What it is.\n\n## `earshot platforms`\n\n[here](#earshot-platforms)\n',
      },
    ],
    [
      'an API reference operation: its method and path as code, each sample under its language, no server popover',
      {
        main: '<div class="sl-openapi-operation-method"><div class="sl-openapi-operation-method-badge">GET</div><div class="sl-openapi-operation-method-path">/api/v1/x</div></div><sl-openapi-snippet-picker><select><option value="code-sample:shell:0">curl</option></select></sl-openapi-snippet-picker><div data-openapi-snippet-id="code-sample:shell:0"><pre><code>curl x</code></pre></div><div popover><label>Production<input value="earshot.dev/api/v1/x"></label></div>',
        want: '# Title\n\n> What it is.\n\n`GET /api/v1/x`\n\n**curl**\n\n```text\ncurl x\n```\n',
      },
    ],
    [
      'a table stays a table',
      {
        main: '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
        want: '# Title\n\n> What it is.\n\n| A | B |\n| - | - |\n| 1 | 2 |\n',
      },
    ],
    [
      'a link to a docs page goes to its Markdown',
      {
        main: '<p><a href="/docs/cli/#install">Install</a> or <a href="/api/v1/platforms">the API</a>.</p>',
        want: '# Title\n\n> What it is.\n\n[Install](/docs/cli.md#install) or [the API](/api/v1/platforms).\n',
      },
    ],
    [
      "a collapsed section's summary is its bold title, its content follows",
      {
        main: '<details><summary><code>403 Forbidden</code></summary><p>Another origin.</p></details>',
        want: '# Title\n\n> What it is.\n\n**`403 Forbidden`**\n\nAnother origin.\n',
      },
    ],
    [
      "a link's query reads raw as it does rendered: no backslash before its `&`; the text's `&` keeps one",
      {
        main: '<p><a href="cursor://i/install?name=earshot&amp;config=e30%3D">Add</a> &amp;amp;</p>',
        want: '# Title\n\n> What it is.\n\n[Add](cursor://i/install?name=earshot&config=e30%3D) \\&amp;\n',
      },
    ],
    [
      'a bare address in the text reads as written, with no backslash in http://',
      {
        main: '<ul><li><strong>released</strong>: earshot 1.1.1 (http://localhost:8888/cli/earshot-1.1.1.tgz)</li></ul>',
        want: '# Title\n\n> What it is.\n\n- **released**: earshot 1.1.1 (http://localhost:8888/cli/earshot-1.1.1.tgz)\n',
      },
    ],
  ];
  for (const [name, { main, want }] of cases)
    it(name, () => assert.equal(convertPageToMarkdown(page(main)).markdown, want));

  it('refuses a page without a main or a title, rather than publishing an empty file', () => {
    assert.throws(() => convertPageToMarkdown('<html><body><p>no main</p></body></html>'), /no <main> or no <h1>/);
  });
});

describe('Markdown addresses', () => {
  const cases: [string, string, string][] = [
    ['a docs page', '/docs/authentication/', '/docs/authentication.md'],
    ['the docs home', '/docs/', '/docs.md'],
    [
      'a generated API page',
      '/docs/api/operations/listserviceplatforms/',
      '/docs/api/operations/listserviceplatforms.md',
    ],
    ['the landing page', '/', '/index.md'],
  ];
  for (const [name, path, want] of cases) it(name, () => assert.equal(markdownPathOf(path), want));
  it('only docs page links change', () => {
    assert.equal(toMarkdownLink('/docs/'), '/docs.md');
    assert.equal(toMarkdownLink('/openapi.json'), '/openapi.json');
    assert.equal(toMarkdownLink('https://example.com/docs/'), 'https://example.com/docs/');
  });
});
