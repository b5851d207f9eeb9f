import { build } from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort, stopProcessGroup } from '../local-server.ts';
import { PUBLISHED_ANSWERS_FILE } from '../../site/lib/mcp/write-published-answers.ts';
import { cliBuildOptions } from '../build-cli.ts';
import { runCounts, type BenchRow, type BenchSection } from './bench-section.ts';
import { formatMs, formatSpread, roundSummary, summarize, type Summary } from './bench-stats.ts';

const RUNS = 21;
const WARMUPS = 3;

type Counts = { runs: number; warmups: number };

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'earshot-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** What a client sends, up to and including its first `tools/list`, in each era. */
const OPENINGS = {
  '2026-07-28': [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }],
  '2025-11-25': [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: META['io.modelcontextprotocol/clientInfo'],
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ],
} as const;

type Era = keyof typeof OPENINGS;

/**
 * The floor: a minimal server of the same SDK, doing nothing (no tool; the `tools` capability
 * declared so that `tools/list` has an answer, an empty one), bundled like the client.
 */
const FLOOR_STDIO = `
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
serveStdio(() => new McpServer({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } }));
`;

/** Serves a `(Request) => Promise<Response>` on node:http, on the port given as the first argument. */
const NODE_HTTP = `
import { createServer } from 'node:http';
function serve(handle) {
  const port = Number(process.argv[2]);
  createServer(async (incoming, outgoing) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const response = await handle(new Request('http://127.0.0.1:' + port + incoming.url, { method: incoming.method, headers: incoming.headers, body }));
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  }).listen(port, '127.0.0.1', () => console.log('ready'));
}
`;

const FLOOR_HTTP = `
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
${NODE_HTTP}
const handler = createMcpHandler(() => new McpServer({ name: 'floor', version: '1.0.0' }, { capabilities: { tools: {} } }));
serve((request) => handler.fetch(request));
`;

/** The function's own code (site/lib/mcp/mcp-endpoint.ts over the published answers), without the local server in front. */
const EARSHOT_HTTP = `
import answers from ${JSON.stringify(PUBLISHED_ANSWERS_FILE)} with { type: 'json' };
import { createMcpEndpoint } from ${JSON.stringify(resolve('site/lib/mcp/mcp-endpoint.ts'))};
import { toPublishedDataSource } from ${JSON.stringify(resolve('site/lib/mcp/published-answers.ts'))};
${NODE_HTTP}
const endpoint = await createMcpEndpoint({ source: toPublishedDataSource(answers), version: answers.serverVersion, allowedOrigin: answers.baseUrl });
serve(endpoint);
`;

/**
 * Time to the first `tools/list` answer, as a client waits for it, next to the floor:
 * - over stdio, from spawning the server to the answer, spawn and start included: `earshot mcp`
 *   (the bundled client, as installed) against a minimal server of the same SDK, bundled alike;
 * - over HTTP, from opening a connection to the answer (a new connection each time, as a client
 *   that starts does): `/mcp` on the local server (the function in the local CDN), the same
 *   function code on plain node:http (what the local server adds is the difference), and the
 *   minimal server on node:http.
 * For clients of revision 2026-07-28 (`tools/list` straight away) and of 2025-11-25
 * (`initialize`, `notifications/initialized`, then `tools/list`). The commands take turns, run by
 * run, so that a busy machine slows them alike.
 */
export const mcpStartup: BenchSection = {
  id: 'mcp',
  title: `MCP: time to the first tools/list answer (${RUNS} runs each, taking turns; one in quick mode)`,
  needs: ['server', 'cli'],
  async run({ baseUrl, cliPath, node, log, quick }) {
    const counts = runCounts(quick, RUNS, WARMUPS);
    const work = mkdtempSync(join(tmpdir(), 'earshot-bench-mcp-'));
    const servers: ChildProcess[] = [];
    try {
      log('bundling the floor servers and the endpoint on node:http');
      const floorStdio = await bundleForBench(work, 'floor-stdio', FLOOR_STDIO);
      const start = async (name: string, contents: string) => {
        const server = await startHttpServer(node, await bundleForBench(work, name, contents));
        servers.push(server.child);
        return server.url;
      };
      const targets = {
        baseUrl,
        cliPath,
        floorStdio,
        floorHttp: await start('floor-http', FLOOR_HTTP),
        earshotHttp: await start('earshot-http', EARSHOT_HTTP),
      };
      const rows: BenchRow[] = [];
      const figures: Record<string, unknown> = {};
      for (const era of Object.keys(OPENINGS) as Era[]) {
        const measured = await measureEra(era, node, targets, log, counts);
        rows.push(...measured.rows);
        figures[era] = measured.figures;
      }
      return { rows, figures: { ...counts, ...figures } };
    } finally {
      for (const server of servers) await stopProcessGroup(server);
      rmSync(work, { recursive: true, force: true });
    }
  },
};

/** Bundles a small server the way the client is bundled, into `work`. */
async function bundleForBench(work: string, name: string, contents: string): Promise<string> {
  const outfile = join(work, `${name}.mjs`);
  const {
    entryPoints: _entries,
    outdir: _outdir,
    outExtension: _ext,
    chunkNames: _chunks,
    splitting: _splitting,
    plugins: _plugins,
    ...options
  } = cliBuildOptions;
  await build({
    ...options,
    stdin: { contents, resolveDir: resolve('.'), loader: 'ts', sourcefile: `${name}.ts` },
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Starts a bundled HTTP server on a free port and resolves with its `/mcp` URL once it says it is ready. */
async function startHttpServer(node: string, file: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await findFreePort();
  const child = spawn(node, [file, String(port)], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  await new Promise<void>((ready, fail) => {
    child.stdout!.once('data', () => ready());
    child.once('exit', (code) => fail(new Error(`${file} exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/mcp` };
}

/** The rows and figures of one protocol era: stdio and HTTP, each beside its floor. */
async function measureEra(
  era: Era,
  node: string,
  targets: { baseUrl: string; cliPath: string; floorStdio: string; floorHttp: string; earshotHttp: string },
  log: (line: string) => void,
  counts: Counts,
): Promise<{ rows: BenchRow[]; figures: Record<string, unknown> }> {
  const { baseUrl, cliPath, floorStdio, floorHttp, earshotHttp } = targets;
  log(`stdio, ${era}`);
  const [earshot, floor] = (await takeTurns(
    [() => timeStdio(node, [cliPath, 'mcp', '--base-url', baseUrl], era), () => timeStdio(node, [floorStdio], era)],
    counts,
  )) as [Summary, Summary];
  log(`HTTP, ${era}`);
  const [local, localFunction, plain, floorPlain] = (await takeTurns(
    [
      () => timeHttp(`${baseUrl}/mcp`, era),
      // Any function costs the local server this much per request: the 429 answer does nothing.
      () => timeHttp(`${baseUrl}/.netlify/functions/too-many-requests`, era, 429),
      () => timeHttp(earshotHttp, era),
      () => timeHttp(floorHttp, era),
    ],
    counts,
  )) as [Summary, Summary, Summary, Summary];
  const ratio = (a: Summary, b: Summary) => `${(a.median / b.median).toFixed(2)}x the floor`;
  const rows: BenchRow[] = [
    {
      measure: `stdio, ${era}: earshot mcp (spawn included)`,
      value: formatMs(earshot.median),
      detail: `${formatSpread(earshot)}; ${ratio(earshot, floor)}`,
    },
    {
      measure: `stdio, ${era}: minimal v2 SDK server (floor)`,
      value: formatMs(floor.median),
      detail: formatSpread(floor),
    },
    {
      measure: `HTTP, ${era}: /mcp on the local server`,
      value: formatMs(local.median),
      detail: formatSpread(local),
    },
    {
      measure: `HTTP, ${era}: a function doing nothing, same server`,
      value: formatMs(localFunction.median),
      detail: `${formatSpread(localFunction)}; the 429 answer, as many requests`,
    },
    {
      measure: `HTTP, ${era}: the same endpoint on node:http`,
      value: formatMs(plain.median),
      detail: `${formatSpread(plain)}; ${ratio(plain, floorPlain)}`,
    },
    {
      measure: `HTTP, ${era}: minimal v2 SDK server on node:http (floor)`,
      value: formatMs(floorPlain.median),
      detail: formatSpread(floorPlain),
    },
  ];
  const figures = {
    stdioEarshotMs: roundSummary(earshot),
    stdioFloorMs: roundSummary(floor),
    httpLocalServerMs: roundSummary(local),
    httpLocalServerEmptyFunctionMs: roundSummary(localFunction),
    httpEndpointOnNodeHttpMs: roundSummary(plain),
    httpFloorOnNodeHttpMs: roundSummary(floorPlain),
  };
  return { rows, figures };
}

/** Runs each measurement in turn, `warmups` unmeasured rounds first, and summarizes each. */
async function takeTurns(measurements: (() => Promise<number>)[], { runs, warmups }: Counts): Promise<Summary[]> {
  const times: number[][] = measurements.map(() => []);
  for (let round = 0; round < warmups + runs; round++) {
    for (const [index, measure] of measurements.entries()) {
      const ms = await measure();
      if (round >= warmups) times[index]!.push(ms);
    }
  }
  return times.map((list) => summarize(list));
}

/** Spawns a stdio server, sends the era's opening at once, and times the `tools/list` answer. */
function timeStdio(command: string, args: string[], era: Era): Promise<number> {
  const opening = OPENINGS[era];
  // The last message of each opening is the tools/list request.
  const toolsListId = (opening.at(-1) as { id: number }).id;
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let buffered = '';
    let elapsed: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, newline)) as { id?: unknown; result?: { tools?: unknown[] } };
        buffered = buffered.slice(newline + 1);
        if (message.id !== toolsListId || elapsed !== undefined) continue;
        elapsed = performance.now() - started;
        if (!Array.isArray(message.result?.tools))
          fail(new Error(`${args.join(' ')}: tools/list answered ${JSON.stringify(message)}`));
        child.stdin.end();
      }
    });
    child.once('error', fail);
    child.once('close', (code) =>
      elapsed === undefined
        ? fail(new Error(`${args.join(' ')} exited with ${code} before answering tools/list`))
        : done(elapsed),
    );
    // A 2025 client waits for the initialize answer before the rest; a server reads in order, so
    // writing them at once costs the server nothing and the measure stays the server's.
    for (const message of opening) child.stdin.write(`${JSON.stringify(message)}\n`);
  });
}

/**
 * POSTs the era's opening, each message on a new connection, and times up to the `tools/list`
 * answer; `status` other than 200 for a URL that is not an MCP endpoint (the empty function).
 */
async function timeHttp(url: string, era: Era, status = 200): Promise<number> {
  const started = performance.now();
  for (const message of OPENINGS[era]) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': era,
    };
    if (era === '2026-07-28' && 'method' in message) headers['mcp-method'] = message.method;
    const answer = await post(url, headers, JSON.stringify(message));
    const expected = 'id' in message ? status : status === 200 ? 202 : status;
    const listed =
      status !== 200 || !('id' in message) || message.method !== 'tools/list' || answer.body.includes('"tools"');
    if (answer.status !== expected || !listed)
      throw new Error(`${url}: ${message.method} answered ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  return performance.now() - started;
}

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    // No keep-alive: each request opens its own connection, as a client that starts does.
    const outgoing = httpRequest(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: false },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
        incoming.once('end', () => done({ status: incoming.statusCode ?? 0, body: text }));
      },
    );
    outgoing.once('error', fail);
    outgoing.end(body);
  });
}
