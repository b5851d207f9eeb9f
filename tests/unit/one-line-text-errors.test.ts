import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeUnprintable,
  escapeUnprintable,
  findTextProblems,
  oneLineTextSchema,
} from '../../contract/one-line-text.ts';
import { toPrintable } from '../../client/src/output/printable.ts';

/**
 * What the one text rule says when it refuses (contract/one-line-text.ts): the words of each
 * class, the length limit's edge, every problem of a text at once, and how a quoted text shows
 * what it hid. one-line-text.test.ts proves which characters are refused; this, what the error says.
 */
describe('describeUnprintable names the code point and its class', () => {
  const cases: [string, string][] = [
    ['\u0009', 'U+0009 (a control character: a line break, tab or terminal escape code)'],
    ['\u2028', 'U+2028 (a line or paragraph separator)'],
    ['\u202e', 'U+202E (a bidirectional formatting character: it shows the text in another order than it is stored)'],
    ['\u{e0041}', 'U+E0041 (a tag character: invisible text that a model reads and a person does not see)'],
    ['\ufe0f', 'U+FE0F (a variation selector: invisible)'],
    ['\u3164', 'U+3164 (a blank-looking letter: drawn as nothing)'],
    ['\u200b', 'U+200B (an invisible format character (such as a zero-width space))'],
    ['\ue000', 'U+E000 (a private-use character: its look depends on the font)'],
    ['\ud800', 'U+D800 (a lone surrogate: not Unicode text)'],
    ['\ufdd0', 'U+FDD0 (a noncharacter: not for interchange)'],
    ['\u115f', 'U+115F (a blank-looking letter: drawn as nothing)'],
    ['\u180b', 'U+180B (a variation selector: invisible)'],
    ['\u{1bca0}', 'U+1BCA0 (an invisible format character (such as a zero-width space))'],
    [
      '\u{e0080}',
      "U+E0080 (a default-ignorable code point: shown as nothing (Unicode's Default_Ignorable_Code_Point))",
    ],
  ];
  for (const [character, want] of cases) {
    it(want, () => assert.equal(describeUnprintable(`a${character}b`), `must not contain ${want}`));
  }
  // The ends of the ranges written out: each end is also a format character, refused anyway, so
  // only the reason (and what a terminal shows) tells a range cut short.
  const bidi = 'a bidirectional formatting character: it shows the text in another order than it is stored';
  const tag = 'a tag character: invisible text that a model reads and a person does not see';
  const ends: [number, string][] = [
    [0x061c, bidi],
    [0x200e, bidi],
    [0x200f, bidi],
    [0x202a, bidi],
    [0x202e, bidi],
    [0x2066, bidi],
    [0x2069, bidi],
    [0xe0000, tag],
    [0xe007f, tag],
  ];
  for (const [codePoint, reason] of ends) {
    const name = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
    it(`${name}, an end of a range: ${reason}`, () =>
      assert.equal(
        describeUnprintable(`a${String.fromCodePoint(codePoint)}b`),
        `must not contain ${name} (${reason})`,
      ));
  }

  it('undefined for printable text', () => assert.equal(describeUnprintable('a b'), undefined));
});

describe('findTextProblems: every problem of a text, in order', () => {
  const cases: [string, { text: string; want: { expected: string; found: string | number }[] }][] = [
    ['exactly the longest allowed', { text: 'abcde', want: [] }],
    ['one character too long', { text: 'abcdef', want: [{ expected: 'must be at most 5 characters long', found: 6 }] }],
    ['a length in code points, not UTF-16 units', { text: '😀😀😀😀😀', want: [] }],
    ['empty', { text: '', want: [{ expected: 'must not be empty or only white space', found: '' }] }],
    [
      'all at once',
      {
        text: ' a\u200bcdefg',
        want: [
          {
            expected: 'must not contain U+200B (an invisible format character (such as a zero-width space))',
            found: ' a\u200bcdefg',
          },
          { expected: 'must not start or end with white space', found: ' a\u200bcdefg' },
          { expected: 'must be at most 5 characters long', found: 8 },
        ],
      },
    ],
  ];
  for (const [name, { text, want }] of cases) it(name, () => assert.deepEqual(findTextProblems(text, 5), want));
});

describe('oneLineTextSchema', () => {
  it('states the rule in the words a build error uses after "must be"', () =>
    assert.equal(
      oneLineTextSchema(80).description,
      'one line of printable text, without control, format, bidirectional, tag, private-use or invisible characters, not starting or ending with white space',
    ));
});

describe('escapeUnprintable: how an error quotes a text', () => {
  const cases: [string, string, string][] = [
    ['a space stays', 'a b', 'a b'],
    ['other white space is escaped', 'a\u00a0b\tc', 'a\\u00a0b\\u0009c'],
    ['the last code point of four hex digits', 'a\uffffb', 'a\\uffffb'],
    ['a code point above U+FFFF, in braces', 'a\u{e0049}b', 'a\\u{e0049}b'],
  ];
  for (const [name, text, want] of cases) it(name, () => assert.equal(escapeUnprintable(text), want));
});

describe('what a terminal shows for each class (toPrintable)', () => {
  const cases: [string, string, string][] = [
    ['a control character', '\u0007', ' '],
    ['a line separator', '\u2028', ' '],
    ['a paragraph separator', '\u2029', ' '],
    ['a bidirectional formatting character', '\u2066', ' '],
    ['a tag character', '\u{e0041}', ''],
    ['a variation selector', '\ufe0e', ''],
    ['a blank-looking letter', '\u2800', ''],
    ['a zero-width space', '\u200b', ''],
    ['a private-use character', '\ue000', ''],
    ['a lone surrogate', '\udc00', ''],
    ['a noncharacter', '\ufffe', ''],
    ['a default-ignorable code point', '\u{e0080}', ''],
  ];
  for (const [name, character, shown] of cases) {
    it(`${name}: ${shown ? 'a space' : 'nothing'}`, () => assert.equal(toPrintable(`a${character}b`), `a${shown}b`));
  }
});
