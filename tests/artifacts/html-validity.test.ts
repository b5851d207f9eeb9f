import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { testSite } from '../support/test-build.ts';

/**
 * Every built page through the W3C Nu HTML Checker (vnu-jar, the checker behind
 * validator.w3.org/nu), with zero errors of our own. The errors that come from the libraries that
 * write the markup are listed here, each with where it comes from; any other error fails.
 */
const { dir } = testSite();
const vnuJar: string = createRequire(import.meta.url)('vnu-jar');

const upstream: [pattern: RegExp, reason: string][] = [
  [
    /^Element “div” not allowed as child of element “(code|button)” in this context/,
    'Expressive Code writes each line of a block as a <div> inside <code>, and an empty <div> in its copy <button>',
  ],
  [
    /^Element “details” not allowed as child of element “code” in this context/,
    '@expressive-code/plugin-collapsible-sections writes the collapsed lines of a long output as a <details> inside <code>, its "Show all" line as the <summary>',
  ],
  [
    /^Forbidden code point U\+007f/,
    "Expressive Code's copy button holds the block's lines joined by U+007F in its data-code attribute",
  ],
  [
    /^CSS: “--”: Parse Error/,
    'Expressive Code colours tokens with custom properties (style="--0:#…"), valid CSS the checker\'s CSS parser does not read',
  ],
  [
    /^The “aria-hidden” attribute must not be specified on the “script” element/,
    "Starlight's SidebarPersister.astro marks its inline script aria-hidden",
  ],
];

interface NuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

describe('the built pages, through the W3C Nu HTML Checker', () => {
  // One short run of the JVM: its first compiler alone and one GC thread give the same messages for
  // less than half the CPU (4.6 against 11.1 core-seconds on dist/). That compiler's frames are
  // deeper, so the checker needs a larger stack than the default to evaluate its HTML schema.
  const jvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss4m'];
  const result = spawnSync(
    'java',
    [...jvm, '-jar', vnuJar, '--format', 'json', '--errors-only', '--skip-non-html', dir],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );

  it('runs (Java and vnu-jar are installed)', () => {
    assert.equal(result.error, undefined, `java could not be started: ${result.error?.message}`);
    assert.match(result.stderr, /"messages"/);
  });

  it('finds no error of our own; the upstream ones are listed with their source', (context) => {
    const { messages } = JSON.parse(result.stderr) as { messages: NuMessage[] };
    const errors = messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
    const ours = errors
      .filter((error) => !upstream.some(([pattern]) => pattern.test(error.message)))
      .map(
        (error) =>
          `${relative(dir, new URL(error.url).pathname)}:${error.lastLine}: ${error.message} (${error.extract?.trim()})`,
      );
    for (const [pattern, reason] of upstream) {
      const count = errors.filter((error) => pattern.test(error.message)).length;
      if (count > 0) context.diagnostic(`upstream, ${count}×: ${reason}`);
    }
    assert.deepEqual(ours, []);
  });
});
