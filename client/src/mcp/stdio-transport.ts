import {
  parseJSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import type { Readable, Writable } from 'node:stream';
import { toOneLineError, type ReceivedRequest } from './one-line-errors.ts';
import { refuseBatch, STATELESS_REVISION } from './mcp-revision-rules.ts';

/** JSON-RPC's own codes for input that is not a request at all. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
/** MCP's code for a request of a protocol version the server does not speak, as the HTTP endpoint answers it. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The answers of one batch, written together as one array once every request in it has its answer. */
interface Batch {
  waiting: Set<string | number>;
  answers: unknown[];
  /** Set while the batch's messages are still being handed to the server. */
  reading: boolean;
}

/** A line longer than this is refused unread; every message of this server's clients is far smaller. */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * The stdio transport of `earshot mcp`: newline-delimited JSON-RPC on stdin and stdout, as the
 * SDK's `StdioServerTransport`, but answering what that one drops without a word:
 * - a line that is not JSON: a Parse error (-32700) with a null id;
 * - JSON that is not a JSON-RPC message: an Invalid Request (-32600), with the id when one can be read;
 * - a batch (an array of messages): answered with one array when the revision negotiated at
 *   `initialize` has batches (`refuseBatch`: 2025-03-26 only), else an Invalid Request. Without
 *   `initialize`, the revision is the one the messages' `_meta` names (2026-07-28, which has none);
 * - `server/discover` without `_meta` naming 2026-07-28: the SDK serves such a session as a 2025
 *   one, which has no `server/discover` (-32601); the error says what the request lacks;
 * - a line over `MAX_LINE_BYTES`: an Invalid Request, the line skipped.
 * - once a 2025 client has negotiated a version with `initialize`, a request whose `_meta` names
 *   another protocol version: -32022, as the HTTP endpoint answers a request whose
 *   `MCP-Protocol-Version` it does not speak (the SDK checks `_meta` only for the 2026-07-28
 *   revision, and stdio has no header).
 * After each, the server keeps reading. Every error the server sends leaves as one line
 * (`toOneLineError`).
 * @see https://www.jsonrpc.org/specification#error_object ("Parse error: Invalid JSON was received by the server")
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
export class LineDelimitedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Each request awaiting its answer, to name its method in an error and check its params again. */
  private readonly pending = new Map<string | number, ReceivedRequest>();
  /** The batch each request of a batch belongs to, until it has its answer. */
  private readonly batchOf = new Map<string | number, Batch>();
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  /** The version a 2025 client negotiated with `initialize`, once the server has answered it. */
  private negotiatedVersion: string | undefined;
  /** Set while skipping the rest of an over-long line. */
  private skipping = false;
  private closed = false;
  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxLineBytes: number;

  constructor(stdin: Readable, stdout: Writable, maxLineBytes = MAX_LINE_BYTES) {
    this.stdin = stdin;
    this.stdout = stdout;
    this.maxLineBytes = maxLineBytes;
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.once('end', this.onEnd);
    this.stdin.once('close', this.onEnd);
    this.stdin.on('error', this.onStreamError);
    this.stdout.on('error', this.onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    let outgoing: JSONRPCMessage = message;
    if ('id' in message && ('result' in message || 'error' in message)) {
      const request = message.id === null || message.id === undefined ? undefined : this.pending.get(message.id);
      if (message.id !== null && message.id !== undefined) this.pending.delete(message.id);
      if (request?.method === 'initialize' && 'result' in message) {
        const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
        if (typeof version === 'string') this.negotiatedVersion = version;
      }
      if ('error' in message)
        outgoing = {
          ...message,
          error: toOneLineError(explainDiscoverWithoutMeta(message.error, request), request),
        } as JSONRPCMessage;
      const batch = message.id === null || message.id === undefined ? undefined : this.batchOf.get(message.id);
      if (batch) {
        this.batchOf.delete(message.id!);
        batch.waiting.delete(message.id!);
        batch.answers.push(outgoing);
        return this.finishBatch(batch);
      }
    }
    await this.write(outgoing);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onStreamError);
    this.stdout.off('error', this.onStreamError);
    this.onclose?.();
  }

  private readonly onEnd = () => void this.close();

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = rest.indexOf(0x0a); newline !== -1; newline = rest.indexOf(0x0a)) {
      this.take(rest.subarray(0, newline));
      const line = Buffer.concat(this.buffered, this.bufferedBytes);
      const skipped = this.skipping;
      this.buffered = [];
      this.bufferedBytes = 0;
      this.skipping = false;
      if (!skipped) this.receiveLine(line.toString('utf8'));
      rest = rest.subarray(newline + 1);
    }
    this.take(rest);
  };

  /** Buffers part of a line, or starts skipping it once it is over the limit. */
  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    if (this.bufferedBytes + part.length > this.maxLineBytes) {
      this.buffered = [];
      this.bufferedBytes = 0;
      this.skipping = true;
      this.reject(
        null,
        INVALID_REQUEST,
        `Invalid Request: a message must be at most ${this.maxLineBytes} bytes on one line; this one was skipped`,
      );
      return;
    }
    this.buffered.push(part);
    this.bufferedBytes += part.length;
  }

  private receiveLine(line: string): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.reject(
        null,
        PARSE_ERROR,
        `Parse error: the line is not JSON (${error instanceof Error ? error.message : String(error)})`,
      );
      return;
    }
    const batchRefused = refuseBatch(value, this.negotiatedVersion ?? namedVersion(value), 'line');
    if (batchRefused !== undefined) return this.reject(null, INVALID_REQUEST, batchRefused);
    if (Array.isArray(value)) return this.receiveBatch(value);
    this.receiveMessage(value);
  }

  /**
   * Hands each message of a batch to the server; the answers leave as one array, and a batch of
   * notifications only gets none, as JSON-RPC 2.0 says. An empty array is an Invalid Request.
   * @see https://www.jsonrpc.org/specification#batch
   */
  private receiveBatch(values: unknown[]): void {
    if (values.length === 0) return this.reject(null, INVALID_REQUEST, 'Invalid Request: an empty batch');
    const batch: Batch = { waiting: new Set(), answers: [], reading: true };
    for (const value of values) this.receiveMessage(value, batch);
    batch.reading = false;
    this.finishBatch(batch).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Writes a batch's answers once every request in it has one. */
  private async finishBatch(batch: Batch): Promise<void> {
    if (batch.reading || batch.waiting.size > 0 || batch.answers.length === 0) return;
    const answers = batch.answers.splice(0);
    await this.write(answers);
  }

  private receiveMessage(value: unknown, batch?: Batch): void {
    // In a batch, an error is one of the batch's answers; alone, it leaves at once.
    const refuse = (id: string | number | null, code: number, text: string, data?: unknown) =>
      batch ? void batch.answers.push(toError(id, code, text, data)) : this.reject(id, code, text, data);
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      refuse(
        readableId(value),
        INVALID_REQUEST,
        'Invalid Request: not a JSON-RPC 2.0 request, notification or response (each needs "jsonrpc": "2.0", and a request a string "method" and a string or number "id")',
      );
      return;
    }
    if ('method' in message && 'id' in message) {
      const requested = (message.params?._meta as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
      if (
        this.negotiatedVersion !== undefined &&
        typeof requested === 'string' &&
        requested !== this.negotiatedVersion
      ) {
        refuse(message.id, UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version: ${requested}`, {
          supported: [this.negotiatedVersion],
          requested,
        });
        return;
      }
      this.pending.set(message.id, { method: message.method, params: message.params });
      if (batch) {
        batch.waiting.add(message.id);
        this.batchOf.set(message.id, batch);
      }
    }
    this.onmessage?.(message);
  }

  private reject(id: string | number | null, code: number, message: string, data?: unknown): void {
    void this.write(toError(id, code, message, data)).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private write(message: unknown): Promise<void> {
    return new Promise((done, fail) => {
      this.stdout.write(`${JSON.stringify(message)}\n`, (error) => (error ? fail(error) : done()));
    });
  }
}

/** A JSON-RPC error answer. */
function toError(id: string | number | null, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** The id of an invalid request, when it has a usable one, so the client can match the error. */
function readableId(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The protocol version a message's `_meta` names, or the first one a batch's messages name. */
function namedVersion(value: unknown): string | undefined {
  for (const message of Array.isArray(value) ? value : [value]) {
    const meta = (message as { params?: { _meta?: Record<string, unknown> } } | null)?.params?._meta;
    const version = meta?.[PROTOCOL_VERSION_META_KEY];
    if (typeof version === 'string') return version;
  }
  return undefined;
}

/**
 * `server/discover` is of revision 2026-07-28, whose requests each name it in `_meta`; one that
 * does not is served as a 2025 session, where the method does not exist. Says so, rather than a
 * bare "Method not found".
 */
function explainDiscoverWithoutMeta<E extends { code: number; message: string }>(
  error: E,
  request: ReceivedRequest | undefined,
): E {
  if (error.code !== METHOD_NOT_FOUND || request?.method !== 'server/discover' || namedVersion(request) !== undefined)
    return error;
  return {
    ...error,
    message: `Method not found: server/discover is of protocol revision ${STATELESS_REVISION}, whose requests carry _meta["${PROTOCOL_VERSION_META_KEY}"]; without it, the session is of a 2025 revision, which starts with initialize`,
  };
}
