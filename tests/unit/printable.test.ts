import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  escapeJsonControls,
  findUnprintable,
  toDisplayText,
  toPrintable,
  toPrintableValue,
} from '../../client/src/output/printable.ts';

/**
 * A server's answer on its way to a terminal (client/src/output/printable.ts): shown changed for
 * people, refused where it is meant to be pasted and run, escaped inside JSON. The hostile-server
 * tests prove it end to end through the commands; these pin each path in milliseconds.
 */
const ESC = '\u001b';

describe('toPrintableValue: every string of an answer shown printable, keys included', () => {
  it('changes strings at any depth, and keys, and leaves other values as they are', () => {
    const answer = {
      [`na${ESC}[2Jme`]: `Red${ESC}]0;titledit`,
      list: ['a\u202eb', 1, true, null, { 'x\u200by': 'z' }],
      count: 3,
      missing: null,
    };
    assert.deepEqual(toPrintableValue(answer), {
      'na [2Jme': 'Red ]0;titledit',
      list: ['a b', 1, true, null, { xy: 'z' }],
      count: 3,
      missing: null,
    });
  });

  const scalars: unknown[] = [null, undefined, 0, false, 'plain'];
  for (const value of scalars) {
    it(`${JSON.stringify(value) ?? 'undefined'} stays as it is`, () => assert.equal(toPrintableValue(value), value));
  }
});

describe('findUnprintable: where output meant to be pasted holds an unprintable character', () => {
  const cases: [string, { value: unknown; want: string | undefined }][] = [
    ['a clean answer', { value: { command: 'npx', args: ['-y', 'earshot', 'mcp'], env: {} }, want: undefined }],
    ['a string alone', { value: `a${ESC}b`, want: '/' }],
    ['a clean string alone', { value: 'ab', want: undefined }],
    ['a number, null', { value: [1, null, true], want: undefined }],
    ['in an array item', { value: { args: ['mcp', `--x${ESC}`] }, want: '/args/1' }],
    [
      'in a key, refused rather than printed changed',
      { value: { env: { [`KEY${ESC}[31m`]: 'v' } }, want: `/env/KEY${ESC}[31m` },
    ],
    ['a tab in a key', { value: { 'a\tb': 'v' }, want: '/a\tb' }],
    ['under a key with ~ and / (JSON Pointer escapes)', { value: { 'a/b~c': { d: 'x\u202e' } }, want: '/a~1b~0c/d' }],
    ['a key with ~ and / that is itself refused', { value: { 'a/~\u200b': 1 }, want: '/a~1~0\u200b' }],
    ['the first of two, in order', { value: { one: 'ok', two: '\u200b', three: '\u200b' }, want: '/two' }],
    ['after a clean nested object', { value: { one: { deep: 'ok' }, two: ['\u2028'] }, want: '/two/0' }],
  ];
  for (const [name, { value, want }] of cases) it(name, () => assert.equal(findUnprintable(value), want));
});

describe('escapeJsonControls: JSON on a terminal', () => {
  it('keeps tabs and line feeds between tokens and drops carriage returns: the same value', () => {
    const json = '{\r\n\t"name": "a",\r\n\t"list": [1,\t2]\r\n}';
    const escaped = escapeJsonControls(json);
    assert.equal(escaped, '{\n\t"name": "a",\n\t"list": [1,\t2]\n}');
    assert.deepEqual(JSON.parse(escaped), JSON.parse(json));
  });

  it('escapes what is unprintable inside a string: the same value', () => {
    // JSON.stringify leaves U+0085 (a C1 control) raw: its escape needs its leading zeros.
    const json = JSON.stringify({ name: `a\u202eb\u200bc\u2028d\u0085e` });
    const escaped = escapeJsonControls(json);
    assert.equal(escaped, '{"name":"a\\u202eb\\u200bc\\u2028d\\u0085e"}');
    assert.deepEqual(JSON.parse(escaped), JSON.parse(json));
  });
});

describe('toDisplayText: a value for people', () => {
  const cases: [unknown, string][] = [
    ['text', 'text'],
    ['', ''],
    [42, '42'],
    [null, 'null'],
    [{ a: [1, 'b'] }, '{"a":[1,"b"]}'],
    [undefined, 'undefined'],
  ];
  for (const [value, want] of cases) it(`${want || 'an empty string'}`, () => assert.equal(toDisplayText(value), want));
});

describe('toPrintable: a control character is a space, an invisible one goes', () => {
  it('a carriage return cannot overwrite the line', () => assert.equal(toPrintable('ok\rEVIL'), 'ok EVIL'));
});
