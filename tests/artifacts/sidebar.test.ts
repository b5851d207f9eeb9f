import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { testSite } from '../support/test-build.ts';

const { dir } = testSite();

/** The sidebar's links of a built page, as label and address, in order. */
function sidebarLinks(page: string): { label: string; href: string }[] {
  const document = parseHtml(readFileSync(join(dir, page), 'utf8'));
  const sidebar = [...walkElements(document)].find((element) => attribute(element, 'id') === 'starlight__sidebar');
  assert.ok(sidebar, `${page} has a sidebar`);
  return [...walkElements(sidebar)]
    .filter((element) => element.tagName === 'a')
    .map((element) => ({ label: textContent(element).trim(), href: attribute(element, 'href')! }));
}

describe('the docs sidebar, as built', () => {
  for (const page of ['docs/index.html', 'docs/api/index.html']) {
    it(`${page}: no two links share a label, the API reference's generated pages included`, () => {
      const links = sidebarLinks(page);
      assert.ok(
        links.some((link) => link.href.startsWith('/docs/api/operations/')),
        'the API reference is in it',
      );
      const repeated = links.filter((link, index) => links.findIndex((other) => other.label === link.label) !== index);
      assert.deepEqual(repeated, []);
    });
  }
});
