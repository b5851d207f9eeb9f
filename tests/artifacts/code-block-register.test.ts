import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { claimantsOf, codeBlockRegister, readBuiltPageBlocks, type PageBlock } from '../support/code-block-register.ts';
import { testSite } from '../support/test-build.ts';

/**
 * Every code block of every page of the build belongs to exactly one entry of the register
 * (tests/support/code-block-register.ts), which names the test that runs it as printed or holds
 * it to what it shows. A block no entry claims fails here: a sample cannot be added unrun.
 */
const { dir } = testSite();
const pages = [...readFileSync(join(dir, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)]
  .map(([, loc]) => new URL(loc!).pathname)
  .filter((path) => path.endsWith('/'));
const blocks: PageBlock[] = pages.flatMap((page) => readBuiltPageBlocks(dir, page));
const firstLine = (code: string) => code.split('\n')[0]!.slice(0, 80);

describe('the code block register', () => {
  it('claims every code block of every page, each by exactly one entry', () => {
    const problems = blocks.flatMap((block) => {
      const claimants = claimantsOf(block);
      if (claimants.length === 1) return [];
      const who = claimants.length === 0 ? 'no entry' : claimants.map(({ name }) => name).join(', ');
      return [`${block.page}: ${firstLine(block.code)} (claimed by ${who})`];
    });
    assert.deepEqual(problems, []);
  });

  it('has no entry that claims nothing, and each names a test file that exists', () => {
    const idle = codeBlockRegister.filter((entry) => !blocks.some((block) => claimantsOf(block).includes(entry)));
    assert.deepEqual(
      idle.map(({ name }) => name),
      [],
    );
    for (const entry of codeBlockRegister)
      assert.ok(existsSync(entry.test), `${entry.name}: ${entry.test} does not exist`);
  });

  it('counts the blocks: every one is run or checked by the test it names', () => {
    const run = blocks.filter((block) => claimantsOf(block)[0]?.runner).length;
    assert.ok(run > 0);
    // A figure for the report, not a limit: how many blocks the register's own runner runs.
    console.log(`${blocks.length} code blocks on ${pages.length} pages; ${run} run block by block by the register`);
  });
});
