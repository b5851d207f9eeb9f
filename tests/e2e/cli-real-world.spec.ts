import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETRY_AFTER_SECONDS } from '../../netlify/functions/too-many-requests.ts';
import { runInstalledCli as earshot } from '../support/install-cli.ts';
import { startLoggingProxy, type LoggingProxy } from '../support/logging-proxy.ts';
import { validPlatforms } from '../support/misbehaving-server.ts';
import { productionTooManyRequestsParts } from '../support/production-429.ts';
import { expectedModelNotice, withoutSiteNotices } from '../support/site-notices.ts';

/**
 * The installed client (the tarball the site serves, installed by the global setup, on the
 * system's Node) in the surroundings a user has: a proxy, the production rate limit, an API that
 * grew, a full disk, a shell's completion, Ctrl-C.
 */
const bin = process.env.EARSHOT_CLI_BIN!;
const PATH = process.env.EARSHOT_CLI_PATH!;
const HOME = process.env.HOME ?? '/tmp';

/** A loopback server answering each request with the next of `answers` (the last one repeats). */
async function startScriptedServer(
  answers: (() => Promise<{ status: number; headers: Record<string, string>; body: string }>)[],
): Promise<{ url: string; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer(async (request, response) => {
    paths.push(request.url ?? '');
    const { status, headers, body } = await answers[Math.min(paths.length - 1, answers.length - 1)]!();
    response.writeHead(status, headers).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server };
}

const stopServer = (server: Server) =>
  new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });

const json = (value: unknown) => async () => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: typeof value === 'string' ? value : JSON.stringify(value),
});

test.describe('the installed earshot behind a real HTTP proxy', () => {
  let proxy: LoggingProxy;
  test.beforeEach(async () => {
    proxy = await startLoggingProxy();
  });
  test.afterEach(() => proxy.stop());

  for (const variable of ['HTTP_PROXY', 'http_proxy']) {
    test(`${variable}: earshot platforms goes through the proxy, and the proxy's log shows the request`, async ({
      request,
      baseURL,
    }) => {
      const result = await earshot(['platforms', '--json', '--base-url', baseURL!], { [variable]: proxy.url });
      expect(await withoutSiteNotices(result.stderr, baseURL!)).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(await (await request.get('/api/v1/platforms')).json());
      expect(proxy.log).toEqual([`GET ${baseURL}/api/v1/platforms`]);
    });
  }

  test('HTTPS_PROXY: an https:// URL is tunnelled through the proxy with CONNECT', async ({ baseURL }) => {
    const { host } = new URL(baseURL!);
    const result = await earshot(['platforms', '--base-url', `https://${host}`], { HTTPS_PROXY: proxy.url });
    expect(proxy.log).toEqual([`CONNECT ${host}`]);
    // The local server speaks plain HTTP: the TLS handshake through the tunnel fails, and says why.
    expect(result).toEqual({
      code: 4,
      stdout: '',
      stderr: `error: TLS handshake with ${host} failed: the server does not speak TLS there (an https:// URL for a plain http:// server?)\nhint: if the server serves plain HTTP, use http://${host} in --base-url\n`,
    });
  });

  test('mcp config follows the resources.mcp link through the proxy too', async ({ baseURL }) => {
    const result = await earshot(['mcp', 'config', '--json', '--base-url', baseURL!], {
      HTTPS_PROXY: proxy.url,
      HTTP_PROXY: proxy.url,
    });
    expect(await withoutSiteNotices(result.stderr, baseURL!)).toBe('');
    expect(result.code).toBe(0);
    expect(proxy.log).toEqual([`GET ${baseURL}/api/v1/capabilities`, `GET ${baseURL}/mcp.json`]);
  });

  for (const variable of ['NO_PROXY', 'no_proxy']) {
    test(`${variable} names the API's host: the request goes around the proxy`, async ({ baseURL }) => {
      const result = await earshot(['platforms', '--base-url', baseURL!], {
        HTTP_PROXY: proxy.url,
        [variable]: new URL(baseURL!).hostname,
      });
      expect(await withoutSiteNotices(result.stderr, baseURL!)).toBe('');
      expect(result.code).toBe(0);
      expect(proxy.log).toEqual([]);
    });
  }

  test('an MCP tool call and a resource read go through the proxy, and the tool answers as without it', async ({
    request,
    baseURL,
  }) => {
    const transport = new StdioClientTransport({
      command: bin,
      args: ['mcp', '--base-url', baseURL!],
      env: { PATH, HOME, HTTP_PROXY: proxy.url },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'earshot-e2e-proxy', version: '1.0.0' });
    await client.connect(transport);
    try {
      await client.listTools();
      const result = await client.callTool({ name: 'list_platforms', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await (await request.get('/api/v1/platforms')).json());
      // The text is that JSON, serialized (the spec's SHOULD for structured content).
      // A breaking change the site announces adds a notice block for the model (site-notices.ts).
      expect(result.content).toEqual([
        { type: 'text', text: JSON.stringify(result.structuredContent) },
        ...(await expectedModelNotice(`${baseURL}/api/v1/platforms`, baseURL!)),
      ]);
      const links = await client.readResource({ uri: 'earshot://links' });
      expect(links.contents).toHaveLength(1);
      expect(proxy.log).toEqual([`GET ${baseURL}/api/v1/platforms`, `GET ${baseURL}/api/v1/capabilities`]);
      expect(stderr).toBe('');
    } finally {
      await client.close();
    }
  });
});

test.describe("the installed earshot against the production 429 (the function's own answer)", () => {
  // How long it waits (the answer's Retry-After, once, then the platforms) is the unit tests' job, with
  // an injected clock (tests/unit/cli-rate-limit.test.ts). Here: the installed binary starts that
  // wait on the production answer, says so once, and a Ctrl-C ends it at once.
  test(`waits the ${RETRY_AFTER_SECONDS} s the answer asks, says so once on stderr, and Ctrl-C during the wait exits 130 at once, nothing on stdout`, async () => {
    const { url, paths, server } = await startScriptedServer([productionTooManyRequestsParts, json(validPlatforms)]);
    try {
      const child = spawn(bin, ['platforms', '--base-url', url], {
        env: { PATH, HOME },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const noticed = new Promise<void>((done) =>
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('\n')) done();
        }),
      );
      const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
      await noticed;
      const interruptedAt = Date.now();
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      // At once: nowhere near the rest of the wait.
      expect(Date.now() - interruptedAt).toBeLessThan((RETRY_AFTER_SECONDS * 1000) / 2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `rate limited; retrying in ${RETRY_AFTER_SECONDS} s as the server asks (at most ${RETRY_AFTER_SECONDS} s of waiting in all: --max-wait)\n`,
      );
      expect(paths).toEqual(['/api/v1/platforms']);
    } finally {
      await stopServer(server);
    }
  });
});

test.describe('the installed earshot reads a grown API tolerantly', () => {
  const grown = {
    data: [{ ...validPlatforms.data[0]!, targetTypes: ['keyword', 'hashtag'], icon: 'https://earshot.dev/reddit.svg' }],
    next: null,
  };

  test('additions pass: --json unchanged, the table shows the new target type', async () => {
    const { url, server } = await startScriptedServer([json(grown)]);
    try {
      expect(await earshot(['platforms', '--json', '--base-url', url])).toEqual({
        code: 0,
        stderr: '',
        // In a pipe, --json writes the bytes served, unknown fields and all, and nothing more.
        stdout: JSON.stringify(grown),
      });
      expect(await earshot(['platforms', '--base-url', url])).toEqual({
        code: 0,
        stderr: '',
        stdout: 'reddit\tReddit\tkeyword,hashtag\n',
      });
    } finally {
      await stopServer(server);
    }
  });

  test('a missing field still breaks the contract: exit 5', async () => {
    const { url, server } = await startScriptedServer([json({ data: [{ id: 'reddit', targetTypes: ['keyword'] }] })]);
    try {
      const result = await earshot(['platforms', '--base-url', url]);
      expect(result.code).toBe(5);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^error: the answer from .* is not a valid PlatformsResponse: \/api\/v1\/platforms#\/data\/0: must have the property "name"\nhint: .+\n$/,
      );
    } finally {
      await stopServer(server);
    }
  });
});

test.describe('the installed earshot and its stdout', () => {
  test('a full disk (> /dev/full): exit 1, one error line and one hint, no stack trace', async ({ baseURL }) => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(bin, ['platforms', '--base-url', baseURL!], {
        env: { PATH, HOME },
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        'error: cannot write the output: no space left on the device (ENOSPC)\nhint: free some space, or send the output somewhere else\n',
      );
    } finally {
      closeSync(full);
    }
  });

  test('a reader that went away (| head): exit 1, quietly, no stack trace', async ({ baseURL }) => {
    const child = spawn(bin, ['platforms', '--base-url', baseURL!], {
      env: { PATH, HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Closed before the client can have written anything: its first write meets EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('close', (exit) => done(exit)));
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
  });
});

test.describe('the installed earshot completion', () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    test(`completion ${shell} prints a script that ${shell} parses`, async () => {
      test.skip(spawnSync(shell, ['-c', 'exit 0']).status !== 0, `${shell} is not installed (.ci/run installs it)`);
      const result = await earshot(['completion', shell]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      const folder = mkdtempSync(join(tmpdir(), 'earshot-completion-'));
      try {
        const file = join(folder, `earshot.${shell}`);
        writeFileSync(file, result.stdout);
        const checked = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
        expect(checked.stderr).toBe('');
        expect(checked.status).toBe(0);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});
