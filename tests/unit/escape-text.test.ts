import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '../../site/lib/text/escape-html.ts';
import { escapeMarkdownText, markdownCodeSpan } from '../../site/lib/text/escape-markdown.ts';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';

describe('escapeHtml', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['plain text unchanged', { given: 'Hacker News 🚀 日本語', want: 'Hacker News 🚀 日本語' }],
    ['markup', { given: '<img src=x onerror=alert(1)>', want: '&lt;img src=x onerror=alert(1)&gt;' }],
    ['quotes, for attribute values', { given: `"a" 'b'`, want: '&quot;a&quot; &#39;b&#39;' }],
    ['an ampersand first, so nothing is escaped twice', { given: '&lt;', want: '&amp;lt;' }],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(escapeHtml(given), want));
});

describe('escapeMarkdownText', () => {
  const cases: [string, { given: string; want: string }][] = [
    [
      'the shipped description unchanged',
      {
        given: 'Earshot is an AI social-listening product. It monitors Reddit, X and 3 others.',
        want: 'Earshot is an AI social-listening product. It monitors Reddit, X and 3 others.',
      },
    ],
    ['HTML', { given: '</script><b>', want: '\\</script\\>\\<b\\>' }],
    ['an entity', { given: '&copy;', want: '\\&copy;' }],
    ['a link and emphasis', { given: '[x](javascript:y) *z*', want: '\\[x\\](javascript:y) \\*z\\*' }],
    ['typographic replacements', { given: `"a" it's -- ...`, want: `\\"a\\" it\\'s \\-\\- \\.\\.\\.` }],
    ['a heading at the start', { given: '# Title', want: '\\# Title' }],
    ['an ordered list at the start', { given: '1. first', want: '1\\. first' }],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(escapeMarkdownText(given), want));

  it('reads back as the same text, with no markup but links to web addresses, through the Markdown renderer of the API reference', async () => {
    // starlight-openapi renders OpenAPI descriptions with this processor (libs/markdown.ts).
    const processor = await createSatteriMarkdownProcessor();
    const punctuation = [...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
    const text = fc.string({
      unit: fc.constantFrom(...punctuation, 'a', 'b', '1', 'www.', 'http://', '<script>', '</p>', '&amp;', '🚀', 'é'),
      maxLength: 30,
    });
    await fc.assert(
      fc.asyncProperty(text, async (raw) => {
        const given = raw.replace(/\s+/g, ' ').trim();
        fc.pre(given !== '');
        const page = parseHtml((await processor.render(escapeMarkdownText(given))).code);
        const body = [...walkElements(page)].find((element) => element.tagName === 'body')!;
        // GFM turns a bare web address into a link to it (autolink literals), which is harmless.
        const markup = [...walkElements(body)].filter(
          (element) =>
            element.tagName !== 'p' &&
            !(element.tagName === 'a' && /^(https?|mailto):/.test(attribute(element, 'href') ?? '')),
        );
        assert.deepEqual(
          markup.map((element) => element.tagName),
          [],
        );
        // GFM does not apply backslash escapes inside an autolinked address, so a web address
        // directly followed by escaped punctuation keeps a backslash; safe, and left as it is.
        if (!/www\.|https?:\/\//.test(given)) assert.equal(textContent(body).replace(/\s+/g, ' ').trim(), given);
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});

describe('markdownCodeSpan', () => {
  const cases: [string, { given: string; want: string }][] = [
    ['plain text', { given: '{"a":1}', want: '`{"a":1}`' }],
    ['a backtick inside', { given: 'a`b', want: '``a`b``' }],
    ['a run of two, at the start', { given: '``x', want: '``` ``x ```' }],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(markdownCodeSpan(given), want));
});
