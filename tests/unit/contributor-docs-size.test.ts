import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import GithubSlugger from 'github-slugger';
import { CONTRIBUTOR_DOCS, contributorDocsBudget, contributorDocsOverBudget } from '../../tooling/budgets.ts';

/**
 * README.md, CONTRIBUTING.md and ARCHITECTURE.md are read in one sitting: together
 * within their budget (tooling/budgets.ts), with the details moved next to the code they describe
 * and linked. Every relative link of the three, and of the pages they send readers to, leads to a
 * file of the repository, and to a heading of it when it names one.
 */
const sizes = Object.fromEntries(CONTRIBUTOR_DOCS.map((file) => [file, statSync(file).size]));

describe('the contributor docs, read in one sitting', () => {
  it(`are ${contributorDocsBudget.limit} bytes or fewer together`, () =>
    assert.equal(contributorDocsOverBudget(sizes), undefined));

  it("say within budget nothing, and over it each file's size, the total, the budget and what to do", () => {
    const limit = contributorDocsBudget.limit;
    assert.equal(contributorDocsOverBudget({ 'README.md': limit - 1, 'CONTRIBUTING.md': 1 }), undefined);
    assert.equal(
      contributorDocsOverBudget({ 'README.md': limit, 'CONTRIBUTING.md': 2, 'ARCHITECTURE.md': 3 }),
      `README.md ${limit}, CONTRIBUTING.md 2, ARCHITECTURE.md 3: ${limit + 5} bytes together, over their budget of ${limit} bytes (contributorDocsBudget in tooling/budgets.ts): move details next to the code they describe (a README.md in that folder, or SECURITY.md) and link to them, or raise the budget in tooling/budgets.ts with a reason`,
    );
  });
});

/** The anchors GitHub gives a Markdown file's headings. */
function headingAnchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slugger.slug(match[1]!.trim())));
}

/** Every relative link of a Markdown file, outside code blocks: [target file, fragment]. */
function relativeLinks(file: string): { target: string; fragment: string | undefined }[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [path, fragment] = href.split('#') as [string, string | undefined];
      return { target: path === '' ? file : join(dirname(file), path), fragment };
    });
}

describe('the contributor docs link to files and headings that exist', () => {
  const linked = new Set<string>(CONTRIBUTOR_DOCS);
  for (const file of CONTRIBUTOR_DOCS)
    for (const { target } of relativeLinks(file)) if (target.endsWith('.md')) linked.add(target);
  for (const file of [...linked].sort())
    it(file, () => {
      const broken = relativeLinks(file).flatMap(({ target, fragment }) => {
        if (!existsSync(target)) return [`${target} does not exist`];
        if (fragment && target.endsWith('.md') && !headingAnchors(target).has(fragment))
          return [`${target} has no heading #${fragment}`];
        return [];
      });
      assert.deepEqual(broken, []);
    });
});
