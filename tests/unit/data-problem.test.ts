import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareDataProblems,
  escapePointerToken,
  formatDataProblem,
  type DataProblem,
} from '../../contract/data-problem.ts';

/**
 * Bad data is reported like a compiler would (contract/data-problem.ts): one line per problem,
 * the file, a JSON Pointer, what was expected and what was found, in the document's order.
 */
const at = (file: string, pointer: string, expected = 'must be x'): DataProblem => ({ file, pointer, expected });

describe('formatDataProblem', () => {
  const cases: [string, DataProblem, string][] = [
    ['without found', at('data/a.json', '/0/name'), 'data/a.json#/0/name: must be x'],
    ['found', { ...at('data/a.json', ''), found: 'hashtag' }, 'data/a.json#: must be x (got "hashtag")'],
    ['found undefined', { ...at('a', '/x'), found: undefined }, 'a#/x: must be x (got nothing)'],
    ['found null', { ...at('a', '/x'), found: null }, 'a#/x: must be x (got null)'],
    ['found, escaped', { ...at('a', '/x'), found: 'a\u202eb' }, 'a#/x: must be x (got "a\\u202eb")'],
    [
      '60 characters quoted whole',
      { ...at('a', '/x'), found: 'x'.repeat(58) },
      `a#/x: must be x (got "${'x'.repeat(58)}")`,
    ],
    [
      '61 cut to 59 and an ellipsis',
      { ...at('a', '/x'), found: 'x'.repeat(59) },
      `a#/x: must be x (got "${'x'.repeat(58)}…)`,
    ],
  ];
  for (const [name, problem, want] of cases) it(name, () => assert.equal(formatDataProblem(problem), want));
});

describe('compareDataProblems: by file, then by position, array indexes numerically', () => {
  it('sorts a shuffled list into the document order', () => {
    const sorted = [
      at('data/a.json', ''),
      at('data/a.json', '/2'),
      at('data/a.json', '/2/name'),
      at('data/a.json', '/10'),
      at('data/a.json', '/10/id', 'a'),
      at('data/a.json', '/10/id', 'b'),
      at('data/a.json', '/x'),
      at('data/a.json', '/x/1'),
      at('data/a.json', '/y'),
      at('data/b.json', '/0'),
    ];
    const shuffled = [5, 9, 0, 3, 7, 1, 8, 4, 6, 2].map((i) => sorted[i]!);
    assert.deepEqual(shuffled.sort(compareDataProblems), sorted);
  });

  const cases: [string, DataProblem, DataProblem, number][] = [
    ['another file first', at('b', '/0'), at('a', '/0'), 1],
    ['an earlier file', at('a', '/0'), at('b', '/0'), -1],
    ['indexes as numbers', at('a', '/10'), at('a', '/9'), 1],
    ['by how far apart', at('a', '/3'), at('a', '/10'), -7],
    ['a shorter pointer first', at('a', '/1'), at('a', '/1/name/x'), -2],
    ['an empty token and a number compare as text', at('a', '/'), at('a', '/10'), -1],
    ['a number and an empty token', at('a', '/10'), at('a', '/'), 1],
    ['a name and a number compare as text', at('a', '/x'), at('a', '/10'), 1],
    ['a number and a name', at('a', '/10'), at('a', '/x'), -1],
    ['names as text', at('a', '/b'), at('a', '/a'), 1],
    ['the same place: by what was expected', at('a', '/1', 'b'), at('a', '/1', 'a'), 1],
    ['the same place and words', at('a', '/1', 'a'), at('a', '/1', 'a'), 0],
  ];
  for (const [name, a, b, want] of cases) it(name, () => assert.equal(compareDataProblems(a, b), want));
});

describe('escapePointerToken (RFC 6901 §3)', () => {
  const cases: [string | number, string][] = [
    ['a/b~c/~', 'a~1b~0c~1~0'],
    [3, '3'],
  ];
  for (const [token, want] of cases) it(String(token), () => assert.equal(escapePointerToken(token), want));
});
