import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorObject } from 'ajv';
import type { DataProblem } from '../../contract/data-problem.ts';
import { describeSchemaError } from '../../contract/describe-schema-error.ts';
import { ONE_LINE_TEXT_PATTERN } from '../../contract/one-line-text.ts';

/**
 * Each ajv error, said in words (contract/describe-schema-error.ts): what was expected, where, and
 * what was found. The errors are built as ajv reports them, so each keyword's words are pinned
 * without a schema per case.
 */
const error = (keyword: string, params: Record<string, unknown>, extra: Partial<ErrorObject> = {}): ErrorObject => ({
  keyword,
  instancePath: '/0/name',
  schemaPath: `#/${keyword}`,
  params,
  ...extra,
});
const at = { file: 'data/x.json', pointer: '/0/name' };

describe('describeSchemaError', () => {
  const cases: [string, ErrorObject, DataProblem][] = [
    ['required', error('required', { missingProperty: 'id' }), { ...at, expected: 'must have the property "id"' }],
    [
      'additionalProperties, its name escaped into the pointer',
      error(
        'additionalProperties',
        { additionalProperty: 'a/b' },
        { parentSchema: { properties: { id: {}, name: {} } } },
      ),
      { ...at, pointer: '/0/name/a~1b', expected: 'is not an allowed property (allowed: id, name)' },
    ],
    [
      'additionalProperties without properties',
      error('additionalProperties', { additionalProperty: 'x' }),
      { ...at, pointer: '/0/name/x', expected: 'is not an allowed property (allowed: )' },
    ],
    [
      'enum',
      error('enum', { allowedValues: ['keyword', 'subreddit'] }, { data: 'hashtag' }),
      { ...at, expected: 'must be one of "keyword", "subreddit"', found: 'hashtag' },
    ],
    ['const', error('const', { allowedValue: 1 }, { data: 2 }), { ...at, expected: 'must be 1', found: 2 }],
    ['type object', error('type', { type: 'object' }, { data: 1 }), { ...at, expected: 'must be an object', found: 1 }],
    ['type array', error('type', { type: 'array' }, { data: 1 }), { ...at, expected: 'must be an array', found: 1 }],
    [
      'type integer',
      error('type', { type: 'integer' }, { data: 1.5 }),
      { ...at, expected: 'must be an integer', found: 1.5 },
    ],
    ['type string', error('type', { type: 'string' }, { data: 1 }), { ...at, expected: 'must be a string', found: 1 }],
    [
      'format uri',
      error('format', { format: 'uri' }, { data: 'x' }),
      { ...at, expected: 'must be an absolute URI', found: 'x' },
    ],
    [
      'format email',
      error('format', { format: 'email' }, { data: 'x' }),
      { ...at, expected: 'must be an email address', found: 'x' },
    ],
    [
      'another format',
      error('format', { format: 'date' }, { data: 'x' }),
      { ...at, expected: 'must be in date format', found: 'x' },
    ],
    [
      'the one-line pattern: the rule names the problem',
      error('pattern', { pattern: ONE_LINE_TEXT_PATTERN }, { data: 'a ' }),
      { ...at, expected: 'must not start or end with white space', found: 'a ' },
    ],
    [
      'another pattern, broken only by an unprintable character',
      error('pattern', { pattern: '^[a-z]+$' }, { data: 'ab\u200bc', parentSchema: { description: 'letters' } }),
      {
        ...at,
        expected: 'must not contain U+200B (an invisible format character (such as a zero-width space))',
        found: 'ab\u200bc',
      },
    ],
    [
      'another pattern read as Unicode (as ajv reads it)',
      error('pattern', { pattern: '^\\p{L}+$' }, { data: 'äb\u200bc' }),
      {
        ...at,
        expected: 'must not contain U+200B (an invisible format character (such as a zero-width space))',
        found: 'äb\u200bc',
      },
    ],
    [
      'another pattern, broken otherwise too: the description',
      error('pattern', { pattern: '^[a-z]+$' }, { data: 'A\u200b', parentSchema: { description: 'letters' } }),
      { ...at, expected: 'must be letters', found: 'A\u200b' },
    ],
    [
      'another pattern, no description: the pattern',
      error('pattern', { pattern: '^[a-z]+$' }, { data: 'A' }),
      { ...at, expected: 'must be a string matching ^[a-z]+$', found: 'A' },
    ],
    [
      'a pattern on a value that is not a string',
      error('pattern', { pattern: '^[a-z]+$' }, { data: 5 }),
      { ...at, expected: 'must be a string matching ^[a-z]+$', found: 5 },
    ],
    [
      'another keyword: its message',
      error('minLength', { limit: 1 }, { data: '', message: 'must NOT have fewer than 1 characters' }),
      { ...at, expected: 'must NOT have fewer than 1 characters', found: '' },
    ],
    [
      'another keyword without a message',
      error('minLength', { limit: 1 }, { data: '' }),
      { ...at, expected: 'fails the "minLength" rule', found: '' },
    ],
  ];
  for (const [name, given, want] of cases)
    it(name, () => assert.deepEqual(describeSchemaError('data/x.json', given), want));
});
