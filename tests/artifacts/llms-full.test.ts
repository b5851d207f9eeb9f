import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { agentSkillFilePath } from '../../site/lib/discovery/build-agent-skills-index.ts';
import { LLMS_FULL_LINKED_ONLY, markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { EARSHOT_SKILL_NAME } from '../../site/lib/discovery/build-skill-md.ts';
import { CHANGELOG_PAGE_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';
import { API_REFERENCE_BASE } from '../../site/lib/docs/docs-navigation.ts';
import { builtSitemapPaths } from '../support/sitemap.ts';
import { testSite } from '../support/test-build.ts';

/**
 * `/llms-full.txt` fits an agent's context in one read: at most 15,000 tokens as OpenAI's o200k_base
 * encoding counts them (`npm run measure:docs` prints the figure), and 60 KiB.
 */
const LIMITS = { tokens: 15_000, bytes: 60 * 1024 };

describe('/llms-full.txt, as the test run built it', () => {
  const text = readFileSync(join(testSite().dir, 'llms-full.txt'), 'utf8');

  it(`is at most ${LIMITS.tokens} tokens (o200k_base) and ${LIMITS.bytes / 1024} KiB`, () => {
    assert.ok(countTokens(text) <= LIMITS.tokens, `${countTokens(text)} tokens`);
    assert.ok(Buffer.byteLength(text) <= LIMITS.bytes, `${Buffer.byteLength(text)} bytes`);
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
