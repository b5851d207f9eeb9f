import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { DEFAULT_RETRIES } from '../../client/src/api/retry-policy.ts';
import { describeRetryLimit } from '../../site/lib/docs/retry-rule.ts';
import { copyProjectFiles } from '../support/project-copy.ts';
import { readPublishedFiles, type PublishedFile } from '../support/published-files.ts';
import { testSite } from '../support/test-build.ts';

/**
 * A fact changed at its one home changes every word that states it, in one build. A copy of the
 * project (its files, and node_modules as hard links, which Astro needs as real paths) gets a new
 * API rate limit in netlify.toml and a new retry default in the client's policy, and a new client
 * version, as its bytes change; the change to /openapi.json is recorded as `npm run changes` would.
 * Every page, Markdown twin, `llms` file and the Agent Skill that states the old fact in the test
 * run's build must state the new one in this build, and none the old one.
 */
const rateLimit = readRateLimit();
const changedLimit = { ...rateLimit, windowLimit: rateLimit.windowLimit - 15 };
const changedRetries = DEFAULT_RETRIES + 2;
const root = mkdtempSync(join(tmpdir(), 'earshot-facts-'));
const outDir = join(root, 'dist');

/** What readers get: pages, twins, the llms files and the skill. */
const isReadersText = (path: string) =>
  path.endsWith('.html') || path.endsWith('.md') || path === 'llms.txt' || path === 'llms-full.txt';

const facts: [string, { before: string; after: string }][] = [
  [
    "the API's rate limit (netlify.toml)",
    { before: describeRateLimit(rateLimit), after: describeRateLimit(changedLimit) },
  ],
  [
    "the client's retry default (client/src/api/retry-policy.ts)",
    { before: describeRetryLimit(DEFAULT_RETRIES), after: describeRetryLimit(changedRetries) },
  ],
];

/** The project's files in `root`, and node_modules hard-linked: Astro needs real paths, not the links of copyProject. */
function copyProject(): void {
  copyProjectFiles(root);
  const linked = spawnSync('cp', ['-al', 'node_modules', join(root, 'node_modules')]);
  assert.equal(linked.status, 0, linked.stderr?.toString());
}

function edit(file: string, from: RegExp, to: string): void {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  assert.match(text, from, `${file} no longer has ${from}`);
  writeFileSync(path, text.replace(from, to));
}

function run(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, EARSHOT_OUT_DIR: outDir, EARSHOT_BUILD_LOG: 'silent', SITE_URL: testSite().baseUrl },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

describe('a fact changed at its home, built once', () => {
  let built: PublishedFile[] = [];
  let changed: PublishedFile[] = [];

  before(async () => {
    copyProject();
    edit(
      'netlify.toml',
      new RegExp(`window_limit = ${rateLimit.windowLimit}$`, 'gm'),
      `window_limit = ${changedLimit.windowLimit}`,
    );
    edit(
      'client/src/api/retry-policy.ts',
      /^export const DEFAULT_RETRIES = \d+;/m,
      `export const DEFAULT_RETRIES = ${changedRetries};`,
    );
    edit('client/package.json', /"version": "[^"]+"/, '"version": "99.0.0"');
    const recorded = await run(['tooling/changes.ts', '--record']);
    assert.equal(recorded.status, 0, recorded.output);
    const build = await run(['tooling/build.ts']);
    assert.equal(build.status, 0, build.output);
    built = readPublishedFiles(testSite().dir).filter(({ path }) => isReadersText(path));
    changed = readPublishedFiles(outDir).filter(({ path }) => isReadersText(path));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  for (const [name, { before: old, after: now }] of facts) {
    it(`${name}: every text that stated "${old}" states "${now}", and none the old`, () => {
      const stating = (files: PublishedFile[], text: string) =>
        files.filter((file) => file.text.includes(text)).map(({ path }) => path);
      const stated = stating(built, old);
      for (const path of ['llms.txt', 'llms-full.txt', 'docs/rate-limits.md', 'docs/rate-limits/index.html'])
        assert.ok(stated.includes(path), `${path} does not state "${old}"`);
      assert.deepEqual(stating(changed, now), stated);
      assert.deepEqual(stating(changed, old), []);
    });
  }

  it('the Agent Skill states both new facts', () => {
    const skill = changed.find(({ path }) => path.endsWith('/SKILL.md'));
    assert.ok(skill, 'no SKILL.md in the build');
    for (const [, { after: now }] of facts) assert.ok(skill.text.includes(now), `the skill lacks "${now}"`);
  });
});
