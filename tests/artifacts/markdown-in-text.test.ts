import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { parseHtml, type HtmlNode } from '../support/html-tree.ts';
import { testSite } from '../support/test-build.ts';

/**
 * A fact string may hold Markdown code spans (`like this`): a page that prints it as it is shows
 * the backticks. Every such string goes through `<TextWithCode text={…} />`
 * (site/components/text-with-code.astro), which renders them as <code>; this check makes that
 * impossible to forget: no page of the build shows a backtick pair in its text outside code.
 */
const CODE_ELEMENTS = new Set(['code', 'pre', 'script', 'style', 'textarea', 'template', 'kbd', 'samp']);
const CODE_SPAN = /`[^`\s][^`]*`/;

/** Each text outside code that holds a Markdown code span, as a reader would see it. */
function findShownBackticks(html: string): string[] {
  const found: string[] = [];
  const visit = (node: HtmlNode): void => {
    if (node.nodeName === '#text') {
      const text = (node as DefaultTreeAdapterTypes.TextNode).value;
      if (CODE_SPAN.test(text)) found.push(text.trim().replace(/\s+/g, ' '));
      return;
    }
    if (CODE_ELEMENTS.has(node.nodeName) || !('childNodes' in node)) return;
    for (const child of node.childNodes) visit(child);
  };
  visit(parseHtml(html));
  return found;
}

describe('Markdown code spans in page text', () => {
  const cases: [string, string, number][] = [
    ['a fact printed as it is', '<p>Send the header `X-Key` with each call.</p>', 1],
    ['the same fact through TextWithCode', '<p>Send the header <code>X-Key</code> with each call.</p>', 0],
    ['backticks inside a code block', '<pre><code>echo `date`</code></pre>', 0],
    ['a lone backtick', '<p>The key ` is a grave accent.</p>', 0],
  ];
  for (const [name, html, count] of cases)
    it(`are found in ${name}: ${count}`, () => assert.equal(findShownBackticks(html).length, count));

  it('are shown on no page of the build (a fact with Markdown goes through <TextWithCode>)', () => {
    const { dir } = testSite();
    const pages = readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => join(entry.parentPath, entry.name));
    assert.ok(pages.length > 0, `no pages in ${dir}`);
    const shown = pages.flatMap((page) =>
      findShownBackticks(readFileSync(page, 'utf8')).map((text) => `${relative(dir, page)}: ${text}`),
    );
    assert.deepEqual(
      shown,
      [],
      'render each fact string that may hold Markdown with <TextWithCode text={…} /> (site/components/text-with-code.astro)',
    );
  });
});
