import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { llmsFullBudgets, overBudget } from '../../tooling/budgets.ts';
import { agentSkillFilePath } from '../../site/lib/discovery/build-agent-skills-index.ts';
import { LLMS_FULL_LINKED_ONLY, markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { EARSHOT_SKILL_NAME } from '../../site/lib/discovery/build-skill-md.ts';
import { CHANGELOG_PAGE_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';
import { API_REFERENCE_BASE } from '../../site/lib/docs/docs-navigation.ts';
import { builtSitemapPaths } from '../support/sitemap.ts';
import { testSite } from '../support/test-build.ts';

/**
 * `/llms-full.txt` fits an agent's context in one read: its budgets in tokens (OpenAI's o200k_base
 * encoding) and bytes, with their reasons, are tooling/budgets.ts's; `npm run measure:docs` prints
 * each figure beside its budget.
 */
describe('/llms-full.txt, as the test run built it', () => {
  const text = readFileSync(join(testSite().dir, 'llms-full.txt'), 'utf8');
  const { tokens, bytes } = llmsFullBudgets;

  it(`is at most ${tokens.limit} tokens (o200k_base) and ${bytes.limit / 1024} KiB`, () => {
    const over = [
      overBudget(tokens, countTokens(text), 'llmsFullBudgets.tokens'),
      overBudget(bytes, Buffer.byteLength(text), 'llmsFullBudgets.bytes'),
    ].filter(Boolean);
    assert.deepEqual(over, []);
  });

  it("holds every docs page but the reference's operations and the changelog, which it links, as the Agent Skill says", () => {
    const { baseUrl, dir } = testSite();
    const reference = `/${API_REFERENCE_BASE}/`;
    const docsPages = builtSitemapPaths().filter((path) => path.startsWith('/docs/'));
    const linkedOnly = (path: string) =>
      (path.startsWith(reference) && path !== reference) || path === CHANGELOG_PAGE_PATH;
    const linkedList = text.slice(text.lastIndexOf(`pages linked, not included: ${LLMS_FULL_LINKED_ONLY}`));
    for (const path of docsPages) {
      const included = text.includes(`Source: ${baseUrl}${path}\n`);
      const linked = linkedList.includes(`](${baseUrl}${markdownPathOf(path)})`);
      assert.deepEqual({ path, included, linked }, { path, included: !linkedOnly(path), linked: linkedOnly(path) });
    }
    const skill = readFileSync(join(dir, agentSkillFilePath(EARSHOT_SKILL_NAME, 'SKILL.md').slice(1)), 'utf8');
    assert.ok(
      skill.includes(
        `/llms-full.txt: every docs page, as Markdown, in one file, but ${LLMS_FULL_LINKED_ONLY}, which it links.`,
      ),
      skill,
    );
  });

  it('has no in-page link, so that #errors of one page is not the first Errors of the file', () => {
    assert.deepEqual(
      [...text.matchAll(/\]\(#[^)]*\)/g)].map(([link]) => link),
      [],
    );
  });
});
