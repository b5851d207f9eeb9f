import { specTypeSchemas } from '@modelcontextprotocol/server';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  REQUEST_TYPES,
  toOneLineError,
  type JsonRpcErrorObject,
  type ReceivedRequest,
} from '../../client/src/mcp/one-line-errors.ts';

/**
 * What the SDK puts in the message of a params error: zod's issues, pretty-printed. The message is
 * never read, so these cases hold whatever the SDK's wording: the same answer comes from any text.
 */
const sdkMessages = [
  'Invalid tools/call request: [\n  {\n    "expected": "record",\n    "path": ["params", "arguments"]\n  }\n]',
  'any wording at all,\nover two lines',
];

describe('toOneLineError', () => {
  const cases: [string, { given: JsonRpcErrorObject; request?: ReceivedRequest; want: JsonRpcErrorObject }][] = [
    ...sdkMessages.map(
      (message): [string, { given: JsonRpcErrorObject; request: ReceivedRequest; want: JsonRpcErrorObject }] => [
        `tools/call with arguments that are not an object, the SDK saying ${JSON.stringify(message.slice(0, 20))}…: invalid params naming the field`,
        {
          given: { code: -32602, message },
          request: { method: 'tools/call', params: { name: 'list_platforms', arguments: 'x' } },
          want: {
            code: -32602,
            message: 'Invalid params for tools/call: params.arguments: expected an object, received string',
          },
        },
      ],
    ),
    [
      'resources/read with a numeric uri, answered by the SDK as an internal error: invalid params',
      {
        given: { code: -32603, message: sdkMessages[1]! },
        request: { method: 'resources/read', params: { uri: 5 } },
        want: {
          code: -32602,
          message: 'Invalid params for resources/read: params.uri: expected string, received number',
        },
      },
    ],
    [
      'a required param missing, and every problem of the request, in order',
      {
        given: { code: -32603, message: sdkMessages[1]! },
        request: { method: 'initialize', params: { protocolVersion: 2025, clientInfo: [] } },
        want: {
          code: -32602,
          message:
            'Invalid params for initialize: params.protocolVersion: expected string, received number; params.capabilities: required, expected an object; params.clientInfo: expected an object, received array',
        },
      },
    ],
    [
      'a list with a cursor that is not a string',
      {
        given: { code: -32603, message: sdkMessages[1]! },
        request: { method: 'tools/list', params: { cursor: 5 } },
        want: {
          code: -32602,
          message: 'Invalid params for tools/list: params.cursor: expected string, received number',
        },
      },
    ],
    [
      'an index in a path: in brackets',
      {
        given: { code: -32603, message: sdkMessages[1]! },
        request: {
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'x', version: '1', icons: [{ src: 5 }] },
          },
        },
        want: {
          code: -32602,
          message: 'Invalid params for initialize: params.clientInfo.icons[0].src: expected string, received number',
        },
      },
    ],
    [
      "an issue that is not a wrong type: the schema's own message, on one line",
      {
        given: { code: -32602, message: sdkMessages[0]! },
        request: { method: 'tools/call', params: { name: 'list_platforms', _meta: { progressToken: {} } } },
        want: { code: -32602, message: 'Invalid params for tools/call: params._meta.progressToken: Invalid input' },
      },
    ],
    [
      'valid params: the SDK’s error stays its own (an unknown tool), on one line',
      {
        given: { code: -32602, message: 'Tool list_monitors not found' },
        request: { method: 'tools/call', params: { name: 'list_monitors', arguments: {} } },
        want: { code: -32602, message: 'Tool list_monitors not found' },
      },
    ],
    [
      'invalid params, but an error of another kind (the protocol version): the SDK’s, with its data',
      {
        given: {
          code: -32022,
          message: 'Unsupported protocol version: 2099-01-01',
          data: { supported: ['2026-07-28'] },
        },
        request: { method: 'tools/call', params: { arguments: 'x' } },
        want: {
          code: -32022,
          message: 'Unsupported protocol version: 2099-01-01',
          data: { supported: ['2026-07-28'] },
        },
      },
    ],
    [
      'a method this server does not check (or does not know): the SDK’s error',
      {
        given: { code: -32601, message: 'Method not found' },
        request: { method: 'monitors/list', params: 5 },
        want: { code: -32601, message: 'Method not found' },
      },
    ],
    [
      'no request to check (the id was unknown): made one line, code and data kept',
      {
        given: { code: -32603, message: 'error: boom\r\nhint: try again\n', data: { hint: 'try again' } },
        want: { code: -32603, message: 'error: boom; hint: try again', data: { hint: 'try again' } },
      },
    ],
  ];
  for (const [name, { given, request, want }] of cases)
    it(name, () => assert.deepEqual(toOneLineError(given, request), want));
});

describe('REQUEST_TYPES', () => {
  // A wrong entry would check a method's params against another method's schema, which no other
  // test would notice until a client sent bad params to that method.
  for (const [method, type] of Object.entries(REQUEST_TYPES)) {
    it(`${method}: ${type} is the SDK's schema of that method's requests`, () => {
      const wrongMethod = specTypeSchemas[type]['~standard'].validate({ method: `not-${method}`, params: {} });
      assert.ok(
        wrongMethod.issues?.some((issue) => issue.path?.length === 1 && issue.path[0] === 'method'),
        JSON.stringify(wrongMethod.issues),
      );
    });
  }
});
