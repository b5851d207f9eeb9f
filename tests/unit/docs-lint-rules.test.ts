import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  countWords,
  MAINTAINER_WORDS,
  MAX_SENTENCE_WORDS,
  type ProjectRuleId,
} from '../../tooling/docs-lint/project-rules.ts';
import { lintDocsText, type DocsText } from '../../tooling/docs-lint/lint-docs-text.ts';
import { pageText } from '../../tooling/docs-lint/collect-docs-text.ts';

/** A sentence of `count` words. */
const sentenceOf = (count: number) => `${Array.from({ length: count }, (_, index) => `word${index}`).join(' ')}.`;

/**
 * Each project rule, with Markdown it must report (each mistake once, as it reached readers) and
 * Markdown it must leave alone.
 */
const cases: [ProjectRuleId, { bad: string[]; good: string[] }][] = [
  [
    'no-unrendered-expression',
    {
      bad: [
        'Other methods get `Allow: {allowed}`.',
        'The API allows {facts.rateLimit.text}.',
        'It waits {Math.floor(limit)} seconds.',
      ],
      good: [
        'The template `/api/v1/{resource}` names a path.',
        '```js\nconsole.log(`${seconds}`, { headers });\n```',
        'An empty object: `{}`.',
      ],
    },
  ],
  [
    'no-dash-for-flag',
    {
      bad: ['Add —json for JSON.', 'Run `earshot platforms –json`.', 'Set ——max-wait to 0.'],
      good: ['Add `--json` for JSON.', 'A pause – then more.', 'From 1–3 seconds.'],
    },
  ],
  [
    'no-escaped-quote',
    {
      bad: ["> Earshot\\'s monitoring platforms.", 'The \\"Retry-After" header.'],
      good: ["> Earshot's monitoring platforms.", 'A shell line: `echo \\"x\\"`.'],
    },
  ],
  [
    'no-internal-label',
    {
      bad: ['curl (code-sample:shell:0)', 'Pick code-sample:python:2 here.'],
      good: ['**curl**', 'At 14:06:00 UTC.', 'See `https://earshot.dev:443/`.'],
    },
  ],
  [
    'max-sentence-words',
    {
      bad: [sentenceOf(MAX_SENTENCE_WORDS + 1), `| Flag | Meaning |\n| --- | --- |\n| \`--x\` | ${sentenceOf(45)} |`],
      good: [sentenceOf(MAX_SENTENCE_WORDS), `${sentenceOf(30)} ${sentenceOf(30)}`],
    },
  ],
  [
    'no-maintainer-words',
    {
      bad: [
        'Each request is one function invocation.',
        'The CDN counts by aggregate_by keys.',
        'The limit lives in netlify.toml.',
        'The build refuses such data.',
      ],
      good: ['Each request counts once.', 'Invoke the `mcp` command.', 'The build of the site.'],
    },
  ],
];

describe('the docs linter: each project rule, on a planted mistake', () => {
  for (const [rule, { bad, good }] of cases) {
    for (const text of bad)
      it(`${rule} reports ${JSON.stringify(text.slice(0, 60))}`, async () => {
        const found = await lintDocsText({ file: 'planted.md', kind: 'markdown', text }, [rule]);
        assert.equal(found.length, 1, JSON.stringify(found));
        assert.equal(found[0]!.rule, rule);
      });
    for (const text of good)
      it(`${rule} passes ${JSON.stringify(text.slice(0, 60))}`, async () => {
        assert.deepEqual(await lintDocsText({ file: 'good.md', kind: 'markdown', text }, [rule]), []);
      });
  }
});

describe('the docs linter: every maintainers’ word is reported in a user’s sentence', () => {
  for (const word of MAINTAINER_WORDS)
    it(word, async () => {
      const text = `Here ${word} shows.`;
      const found = await lintDocsText({ file: 'planted.md', kind: 'markdown', text }, ['no-maintainer-words']);
      assert.deepEqual(
        found.map((problem) => problem.rule),
        ['no-maintainer-words'],
      );
    });
});

describe('the docs linter: the outside tools it runs', () => {
  const cases: [string, { text: string; rule: string }][] = [
    [
      'textlint-rule-sentence-length, on characters',
      { text: `${`${'a'.repeat(40)} `.repeat(8).trim()}.\n`, rule: 'sentence-length' },
    ],
    ['textlint-rule-terminology, on a brand', { text: 'Install Nodejs first.\n', rule: 'terminology' }],
    ['markdownlint, on a twin', { text: '# Title\n\n```\ncode\n```\n', rule: 'markdownlint/fenced-code-language' }],
  ];
  for (const [name, { text, rule }] of cases)
    it(name, async () => {
      const found = await lintDocsText({ file: 'planted.md', kind: 'markdown', text });
      assert.deepEqual(
        found.map((problem) => problem.rule),
        [rule],
      );
    });

  it('checks a page’s visible text for what it failed to render, code blocks left out', async () => {
    const page: DocsText = {
      file: 'docs/x/index.html',
      kind: 'text',
      text: pageText(
        '<main><p>Other methods get <code>Allow: {allowed}</code>.</p><pre><code>f"{seconds}"</code></pre></main>',
      ),
    };
    assert.deepEqual(
      (await lintDocsText(page)).map((problem) => problem.rule),
      ['no-unrendered-expression'],
    );
  });
});

describe('countWords', () => {
  const cases: [string, { given: string; want: number }][] = [
    ['plain words', { given: 'Wait the seconds it names.', want: 5 }],
    [
      'a code span and a URL as one word each',
      { given: 'Send `Accept: application/json` to https://x.dev/api.', want: 5 },
    ],
    ['punctuation alone is no word', { given: 'A — B ( c )', want: 3 }],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.equal(countWords(given), want));
});
