import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toOneLineError, type JsonRpcErrorObject } from '../../client/src/mcp/one-line-errors.ts';

/** The SDK's pretty-printed validator issues, as it puts them in an error's message. */
const issues = (items: unknown[]) => JSON.stringify(items, null, 2);

describe('toOneLineError', () => {
  const cases: [string, { given: JsonRpcErrorObject; method?: string; want: JsonRpcErrorObject }][] = [
    [
      "the SDK's tools/call schema failure: invalid params naming the field",
      {
        given: {
          code: -32602,
          message: `Invalid tools/call request: ${issues([{ expected: 'record', code: 'invalid_type', path: ['params', 'arguments'], message: 'Invalid input: expected record, received string' }])}`,
        },
        method: 'tools/call',
        want: {
          code: -32602,
          message: 'Invalid params for tools/call: params.arguments: expected an object, received string',
        },
      },
    ],
    [
      'a bare issue list answered as an internal error: invalid params, every issue, indexes in brackets',
      {
        given: {
          code: -32603,
          message: issues([
            {
              code: 'invalid_type',
              path: ['params', 'uri'],
              message: 'Invalid input: expected string, received number',
            },
            { code: 'invalid_type', path: ['params', 'items', 0, 'name'], message: 'Required' },
          ]),
        },
        method: 'resources/read',
        want: {
          code: -32602,
          message:
            'Invalid params for resources/read: params.uri: expected string, received number; params.items[0].name: Required',
        },
      },
    ],
    [
      'without the method',
      {
        given: { code: -32603, message: issues([{ path: [], message: 'Invalid input' }]) },
        want: { code: -32602, message: 'Invalid params: Invalid input' },
      },
    ],
    [
      'two lines: joined, nothing lost, code and data kept',
      {
        given: { code: -32603, message: 'error: boom\r\nhint: try again\n', data: { hint: 'try again' } },
        want: { code: -32603, message: 'error: boom; hint: try again', data: { hint: 'try again' } },
      },
    ],
    [
      'a one-line message: unchanged',
      { given: { code: -32601, message: 'Method not found' }, want: { code: -32601, message: 'Method not found' } },
    ],
    [
      'brackets that are not an issue list: only made one line',
      {
        given: { code: -32603, message: 'bad [thing]\n[1, 2]' },
        want: { code: -32603, message: 'bad [thing]; [1, 2]' },
      },
    ],
  ];
  for (const [name, { given, method, want }] of cases)
    it(name, () => assert.deepEqual(toOneLineError(given, method), want));
});
