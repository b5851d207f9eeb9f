import { expect, test, type APIRequestContext } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import semver from 'semver';
import { commandDefinitions } from '../../client/src/definitions.ts';
import { MCP_BUNDLE_BASE_URL_KEY } from '../../client/src/mcp/mcp-bundle.ts';
import { findFreePort } from '../../tooling/local-server.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { mcpClients, renderMcpClientSnippet } from '../../client/src/mcp/mcp-client-snippets.ts';
import { renderMcpInstallLinks } from '../../client/src/mcp/mcp-install-links.ts';
import { mcpConfigurationSchema, type McpConfiguration } from '../../contract/schemas/index.ts';
import { codeOnPage } from '../support/install-commands.ts';
import { expectedModelNotice } from '../support/site-notices.ts';
import { runInstalledCli as run, systemNodePath } from '../support/install-cli.ts';
import { connectHttpClient, connectStdioClient, MCP_GENERATIONS, type McpTestClient } from '../support/mcp-clients.ts';
import { checkHttpCase, MODERN_META, mcpHttpCases, modernHeaders } from '../support/mcp-http-cases.ts';
import { checkHttpRow, checkStdioRow, startStdioSession } from '../support/mcp-error-rows.ts';
import { mcpErrorRows } from '../../site/lib/docs/mcp-errors.ts';
import { findNewestInitializeRevision } from '../../site/lib/docs/mcp-revisions.ts';
import { STATELESS_REVISION } from '../../client/src/mcp/mcp-revision-rules.ts';

/**
 * The MCP server as MCP clients meet it, both ways, with both generations of the SDK's client
 * (v2 pinned to revision 2026-07-28, v1 speaking 2025-11-25):
 * - over stdio: the client spawns the `earshot` the global setup installed from the served
 *   tarball (on the system's Node), or exactly the command `/mcp.json` gives;
 * - over HTTP: the client talks to `/mcp` on the local server, the Netlify Function behind the
 *   rewrite of netlify.toml, as the CDN runs it.
 * Every answer is compared with what the API of the same server answers.
 */
const bin = process.env.EARSHOT_CLI_BIN!;
const PATH = process.env.EARSHOT_CLI_PATH!;

const clients: McpTestClient[] = [];
test.afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function servedConfiguration(request: APIRequestContext): Promise<McpConfiguration> {
  const { data } = (await (await request.get('/api/v1/capabilities')).json()) as {
    data: { resources: { mcp: string } };
  };
  const response = await request.get(data.resources.mcp);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  return (await response.json()) as McpConfiguration;
}

/** The API of the local server, as text and as JSON. */
async function apiAnswer(request: APIRequestContext, path: string) {
  const text = await (await request.get(path)).text();
  return { text, json: JSON.parse(text) as unknown };
}

test.describe('the MCP configuration the site serves', () => {
  test("validates against its schema: the remote endpoint first, then npx with the CLI page's pinned tarball and its mcp command", async ({
    request,
    baseURL,
  }) => {
    const configuration = await servedConfiguration(request);
    const validate = createSchemaValidator().getSchema(mcpConfigurationSchema.$id)!;
    expect(validate(configuration), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(configuration.mcpServers)).toEqual(['earshot', 'earshot-stdio']);
    expect(configuration.mcpServers.earshot).toEqual({ type: 'http', url: `${baseURL}/mcp` });
    const { command, args } = configuration.mcpServers['earshot-stdio'];
    expect(command).toBe('npx');
    const [yes, packageUrl, subcommand, ...rest] = args;
    expect(yes).toBe('-y');
    // The very URL the CLI page tells people to install, and the site serves it.
    expect(packageUrl).toBe(process.env.EARSHOT_CLI_PACKAGE_URL);
    expect(new URL(packageUrl!).pathname).toMatch(/^\/cli\/earshot-\d+\.\d+\.\d+-[0-9a-f]{10}\.tgz$/);
    expect((await request.get(packageUrl!)).status()).toBe(200);
    expect(commandDefinitions.map((definition) => definition.path.join(' '))).toContain(subcommand);
    // This build links to the local server, so the command carries --base-url with its address.
    expect(rest).toEqual(['--base-url', baseURL]);
  });

  test("an MCP client that starts exactly what earshot-stdio says (npx, an empty npm cache, the system's Node) lists the local server's platforms", async ({
    request,
  }) => {
    const { command, args } = (await servedConfiguration(request)).mcpServers['earshot-stdio'];
    const cache = mkdtempSync(join(tmpdir(), 'earshot-npx-cache-'));
    try {
      const client = await connectStdioClient('v2-2026-07-28', {
        command,
        args,
        env: { PATH: systemNodePath(), HOME: process.env.HOME ?? '/tmp', npm_config_cache: cache },
      });
      clients.push(client);
      const result = await client.callTool({ name: 'list_platforms', arguments: {} });
      expect(result.structuredContent).toEqual((await apiAnswer(request, '/api/v1/platforms')).json);
    } finally {
      for (const client of clients.splice(0)) await client.close();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  test('an MCP client given exactly the URL of earshot lists the tools', async ({ request }) => {
    const client = await connectHttpClient(
      'v2-2026-07-28',
      (await servedConfiguration(request)).mcpServers.earshot.url,
    );
    clients.push(client);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_platforms', 'get_capabilities']);
  });

  for (const [client, transport] of [
    ['vscode', 'http'],
    ['codex', 'stdio'],
    ['claude-desktop', 'http'],
  ] as const) {
    test(`earshot mcp config --client ${client} --transport ${transport} prints that client's variant of it`, async ({
      request,
      baseURL,
    }) => {
      const configuration = await servedConfiguration(request);
      const result = await run(['mcp', 'config', '--client', client, '--transport', transport, '--base-url', baseURL!]);
      expect(result).toEqual({
        code: 0,
        stderr: '',
        stdout: renderMcpClientSnippet(client, configuration, transport).code,
      });
    });
  }
});

for (const { generation, name } of MCP_GENERATIONS) {
  const transports = {
    stdio: (baseURL: string) =>
      connectStdioClient(generation, {
        command: bin,
        args: ['mcp', '--base-url', baseURL],
        env: { PATH, HOME: process.env.HOME ?? '/tmp' },
      }),
    'HTTP (/mcp)': (baseURL: string) => connectHttpClient(generation, `${baseURL}/mcp`),
  };
  for (const [transport, connect] of Object.entries(transports)) {
    test(`${name}, over ${transport}: lists the tools, calls both and reads both resources, each equal to the API`, async ({
      request,
      baseURL,
    }) => {
      const client = await connect(baseURL!);
      clients.push(client);
      expect(client.era()).toBe(generation === 'v2-2026-07-28' ? 'modern' : 'legacy');
      expect(client.getServerVersion()).toMatchObject({
        name: 'earshot',
        version: JSON.parse(readFileSync('client/package.json', 'utf8')).version,
      });

      const { tools } = await client.listTools();
      expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
        ['list_platforms', true],
        ['get_capabilities', true],
      ]);
      // Each client checks structuredContent against the tool's outputSchema, and throws if it does not match.
      for (const [tool, path] of [
        ['list_platforms', '/api/v1/platforms'],
        ['get_capabilities', '/api/v1/capabilities'],
      ] as const) {
        const result = await client.callTool({ name: tool, arguments: {} });
        const api = await apiAnswer(request, path);
        expect(result.isError ?? false).toBe(false);
        expect(result.structuredContent).toEqual(api.json);
        // The text is the API's own serialization: byte for byte what GET answers, base URL included.
        // A breaking change the site announces adds a notice block for the model (site-notices.ts).
        expect(result.content).toEqual([
          { type: 'text', text: api.text },
          ...(await expectedModelNotice(`${baseURL}${path}`, baseURL!)),
        ]);
      }

      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(['earshot://openapi', 'earshot://links']);
      const openapi = await client.readResource({ uri: 'earshot://openapi' });
      expect(openapi.contents).toEqual([
        {
          uri: 'earshot://openapi',
          mimeType: 'application/json',
          text: (await apiAnswer(request, '/openapi.json')).text,
        },
      ]);
      const links = await client.readResource({ uri: 'earshot://links' });
      const capabilities = (await apiAnswer(request, '/api/v1/capabilities')).json as { data: { resources: unknown } };
      expect(JSON.parse(links.contents[0]!.text!)).toEqual(capabilities.data.resources);
      expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
    });
  }
}

/** What a desktop client does with `${…}` in the manifest's `mcp_config` before it starts the server. */
function substituteManifestVariables(value: string, values: Record<string, string>): string {
  return value.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`the manifest uses ${whole}, which no desktop client fills in here`);
    return values[name]!;
  });
}

test.describe('the MCP Bundle, installed as a desktop client installs it', () => {
  const folders: string[] = [];
  test.afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  for (const { generation, name } of MCP_GENERATIONS)
    test(`downloaded from /mcp.json's link, checked, unpacked by mcpb and started as its manifest says, it answers ${name}`, async ({
      request,
      baseURL,
    }) => {
      const { bundle } = await servedConfiguration(request);
      expect(bundle).toBeDefined();
      const download = await request.get(bundle!.url);
      expect(download.status()).toBe(200);
      const bytes = await download.body();
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(bundle!.sha256);

      const work = mkdtempSync(join(tmpdir(), 'earshot-mcpb-'));
      folders.push(work);
      const folder = join(work, 'earshot');
      writeFileSync(`${folder}.mcpb`, bytes);
      const unpack = spawnSync(resolve('node_modules/.bin/mcpb'), ['unpack', `${folder}.mcpb`, folder], {
        encoding: 'utf8',
      });
      expect(unpack.status, unpack.stdout + unpack.stderr).toBe(0);
      const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
        version: string;
        tools: { name: string }[];
        compatibility: { runtimes: { node: string } };
        server: { mcp_config: { command: string; args: string[] } };
        user_config: Record<string, { default: string }>;
      };
      expect(manifest.version).toBe(JSON.parse(readFileSync('client/package.json', 'utf8')).version);
      expect(readdirSync(folder)).not.toContain('node_modules');

      // The user keeps every setting but the API, which they point at the deployment under test.
      const settings = Object.fromEntries(
        Object.entries(manifest.user_config).map(([key, setting]) => [`user_config.${key}`, setting.default]),
      );
      const values = { __dirname: folder, ...settings, [`user_config.${MCP_BUNDLE_BASE_URL_KEY}`]: baseURL! };
      const { command, args } = manifest.server.mcp_config;
      // A desktop client runs `node` from the user's machine: here the system's Node, the oldest the package supports.
      const env = { PATH: systemNodePath(), HOME: process.env.HOME ?? '/tmp' };
      const nodeVersion = spawnSync(command, ['--version'], { env, encoding: 'utf8' }).stdout.trim();
      expect(semver.satisfies(nodeVersion, manifest.compatibility.runtimes.node), nodeVersion).toBe(true);
      const client = await connectStdioClient(generation, {
        command,
        args: args.map((arg) => substituteManifestVariables(arg, values)),
        env,
      });
      clients.push(client);
      expect(client.getServerVersion()).toMatchObject({ name: 'earshot', version: manifest.version });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
        manifest.tools.map((tool) => tool.name),
      );
      const result = await client.callTool({ name: 'list_platforms', arguments: {} });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual((await apiAnswer(request, '/api/v1/platforms')).json);
    });
});

test.describe('earshot mcp, the installed stdio server', () => {
  test('an argument a tool does not take: an error result naming it, and the next call works', async ({ baseURL }) => {
    const client = await connectStdioClient('v1-2025-11-25', {
      command: bin,
      args: ['mcp', '--base-url', baseURL!],
      env: { PATH, HOME: process.env.HOME ?? '/tmp' },
    });
    clients.push(client);
    const result = await client.callTool({ name: 'get_capabilities', arguments: { verbose: true } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Input validation error: Invalid arguments for tool get_capabilities: get_capabilities takes no arguments; send an empty object (got "verbose")',
      },
    ]);
    expect((await client.callTool({ name: 'get_capabilities', arguments: {} })).isError ?? false).toBe(false);
  });

  test('a line that is not JSON gets a parse error, a batch an invalid request, and the server keeps answering', async ({
    baseURL,
  }) => {
    const child = spawn(bin, ['mcp', '--base-url', baseURL!], {
      env: { PATH, HOME: process.env.HOME ?? '/tmp' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const answers: Record<string, unknown>[] = [];
    let buffered = '';
    const answered = new Promise<void>((done) =>
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        answers.push(...lines.map((line) => JSON.parse(line) as Record<string, unknown>));
        if (answers.some((answer) => answer.id === 'after')) done();
      }),
    );
    const toolsList = (id: string) =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: MODERN_META } });
    child.stdin.write(
      `{"jsonrpc": "2.0", "id": 1, "method": "tools/li\n[${toolsList('in-batch')}]\n${toolsList('after')}\n`,
    );
    await answered;
    child.stdin.end();
    const exitCode = await new Promise((done) => child.once('close', done));
    expect(answers.slice(0, 2)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error: the line is not JSON/) },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message:
            'Invalid Request: protocol revision 2026-07-28 has no JSON-RPC batches (only 2025-03-26 has them); send one message per line',
        },
      },
    ]);
    expect((answers[2]!.result as { tools: unknown[] }).tools).toHaveLength(2);
    expect(exitCode).toBe(0);
  });

  test('ends with exit code 0 and prints nothing when the client closes stdin', async ({ baseURL }) => {
    expect(await run(['mcp', '--base-url', baseURL!])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

test.describe("the MCP page's errors table, row by row, against the real servers", () => {
  const httpRows = mcpErrorRows.filter((row) => row.http);
  for (const row of httpRows) {
    test(`${row.when}: /mcp answers as the row says, for each revision the server card lists, and without MCP-Protocol-Version`, async ({
      request,
      baseURL,
    }) => {
      const card = (await (await request.get('/.well-known/mcp/server-card.json')).json()) as {
        remotes: { supportedProtocolVersions: string[] }[];
      };
      for (const revision of [...card.remotes[0]!.supportedProtocolVersions, undefined])
        await checkHttpRow(`${baseURL}/mcp`, row, revision);
    });
  }

  test('every stdio row: the installed earshot mcp answers as the row says, for each revision the server card lists, then keeps answering', async ({
    request,
    baseURL,
  }) => {
    const card = (await (await request.get('/.well-known/mcp/server-card.json')).json()) as {
      remotes: { supportedProtocolVersions: string[] }[];
    };
    for (const revision of card.remotes[0]!.supportedProtocolVersions) {
      const env = { PATH, HOME: process.env.HOME ?? '/tmp' };
      const session = await startStdioSession(bin, ['mcp', '--base-url', baseURL!], env, revision);
      for (const row of mcpErrorRows.filter((one) => one.stdio)) await checkStdioRow(session, row);
      session.child.stdin.end();
      expect(await new Promise((done) => session.child.once('close', done))).toBe(0);
    }
  });
});

test('the handshake the MCP page states: initialize asking for the stateless revision gets the newest with initialize; a stateless tools/call needs Mcp-Name', async ({
  request,
  baseURL,
}) => {
  const card = (await (await request.get('/.well-known/mcp/server-card.json')).json()) as {
    remotes: { supportedProtocolVersions: string[] }[];
  };
  const revisions = card.remotes[0]!.supportedProtocolVersions;
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const initialize = await fetch(`${baseURL}/mcp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: STATELESS_REVISION,
        capabilities: {},
        clientInfo: { name: 'earshot-tests', version: '1' },
      },
    }),
  });
  const text = await initialize.text();
  const json = /^data: (.*)$/m.exec(text)?.[1] ?? text;
  expect((JSON.parse(json) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
    findNewestInitializeRevision(revisions),
  );
  const call = (withName: boolean) =>
    fetch(`${baseURL}/mcp`, {
      method: 'POST',
      headers: modernHeaders('tools/call', withName ? 'list_platforms' : undefined),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'list_platforms', arguments: {}, _meta: MODERN_META },
      }),
    });
  const withoutName = await call(false);
  expect(withoutName.status).toBe(400);
  expect(await withoutName.text()).toMatch(/Mcp-Name/);
  expect((await call(true)).status).toBe(200);
});

test.describe('earshot mcp against an API that is down, then up', () => {
  let proxy: Server | undefined;
  test.afterEach(async () => {
    await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
    proxy = undefined;
  });

  test('an unreachable API gives an error result with the lines `earshot platforms` prints; the next call, once it is up, works', async ({
    request,
    baseURL,
  }) => {
    const port = await findFreePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const client = await connectStdioClient('v2-2026-07-28', {
      command: bin,
      args: ['mcp', '--base-url', apiUrl, '--timeout', '5'],
      env: { PATH, HOME: process.env.HOME ?? '/tmp' },
    });
    clients.push(client);

    const down = await client.callTool({ name: 'list_platforms', arguments: {} });
    expect(down.isError).toBe(true);
    const cli = await run(['platforms', '--base-url', apiUrl, '--timeout', '5']);
    expect(cli.code).toBe(4);
    expect(cli.stderr).toMatch(new RegExp(`^error: .*127\\.0\\.0\\.1:${port}.*\\nhint: \\S.*\\n$`));
    expect(down.content).toEqual([{ type: 'text', text: cli.stderr.trimEnd() }]);

    // The API comes up on that port: a plain forwarder to the local server.
    proxy = createServer(async (incoming, outgoing) => {
      const answer = await fetch(`${baseURL}${incoming.url}`, {
        headers: { accept: incoming.headers.accept ?? '*/*' },
      });
      outgoing.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
      });
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((done) => proxy!.listen(port, '127.0.0.1', done));

    const up = await client.callTool({ name: 'list_platforms', arguments: {} });
    expect(up.isError ?? false).toBe(false);
    expect(up.structuredContent).toEqual((await apiAnswer(request, '/api/v1/platforms')).json);
  });
});

test.describe('/mcp on the local server, request by request', () => {
  // The table names its cases alike for any origin; each test takes the server's own.
  mcpHttpCases('http://localhost').forEach(({ name }, index) => {
    test(name, ({ baseURL }) => checkHttpCase(fetch, `${baseURL}/mcp`, mcpHttpCases(new URL(baseURL!).origin)[index]!));
  });

  test("/.netlify/functions/mcp, the function's own address: 404, so that nothing walks around the rate limit on /mcp", async ({
    baseURL,
  }) => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } };
    await checkHttpCase(fetch, `${baseURL}/mcp`, {
      name: 'function path',
      request: { method: 'POST', path: '/.netlify/functions/mcp', headers: modernHeaders('tools/list'), body },
      want: { status: 404, body: { error: 'Not Found', statusCode: 404 } },
    });
  });
});

test.describe('the official MCP conformance suite against /mcp on the local server', () => {
  /**
   * The scenarios that apply to any server: the suite's other server scenarios call the tools,
   * resources and prompts of its reference server (`test_simple_text`, `test://static-text`…).
   */
  const scenarios = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];
  for (const scenario of scenarios) {
    test(scenario, async ({ baseURL }) => {
      const output = mkdtempSync(join(tmpdir(), 'earshot-conformance-'));
      try {
        const cli = resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');
        // The suite needs Node 22 or newer: the project's Node 24, the one running these tests.
        const result = await runProcess(
          process.execPath,
          [cli, 'server', '--url', `${baseURL}/mcp`, '--scenario', scenario, '--output-dir', output],
          output,
        );
        const [folder] = readdirSync(output);
        expect(folder, result.output).toBeDefined();
        const checks = JSON.parse(readFileSync(join(output, folder!, 'checks.json'), 'utf8')) as {
          id: string;
          status: string;
          errorMessage?: string;
        }[];
        expect(checks.length, result.output).toBeGreaterThan(0);
        expect(
          checks.filter((check) => check.status !== 'SUCCESS'),
          result.output,
        ).toEqual([]);
        expect(result.status, result.output).toBe(0);
      } finally {
        rmSync(output, { recursive: true, force: true });
      }
    });
  }
});

test.describe('where the remote endpoint is announced', () => {
  test('the API catalog describes it as a second API: anchored at /mcp, described by /mcp.json, documented by the MCP page', async ({
    request,
    baseURL,
  }) => {
    const catalog = JSON.parse(await (await request.get('/.well-known/api-catalog')).text()) as {
      linkset: { anchor: string; 'service-desc': { href: string }[]; 'service-doc': { href: string }[] }[];
    };
    const entry = catalog.linkset.find((context) => context.anchor === `${baseURL}/mcp`);
    expect(entry, JSON.stringify(catalog)).toBeDefined();
    expect(entry!['service-desc'].map((link) => link.href)).toEqual([`${baseURL}/mcp.json`]);
    expect(entry!['service-doc'].map((link) => link.href)).toEqual([`${baseURL}/docs/mcp/`]);
    for (const link of [...entry!['service-desc'], ...entry!['service-doc']])
      expect((await request.get(link.href)).status(), link.href).toBe(200);
  });

  test('/llms.txt names it, and links the configuration', async ({ request, baseURL }) => {
    const text = await (await request.get('/llms.txt')).text();
    expect(text).toContain(`remote MCP endpoint ${baseURL}/mcp (Streamable HTTP`);
    expect(text).toContain(`](${baseURL}/mcp.json)`);
  });

  test('the MCP page gives the endpoint before the stdio command', async ({ request, baseURL }) => {
    const html = await (await request.get('/docs/mcp/')).text();
    const endpoint = html.indexOf(`${baseURL}/mcp<`);
    const stdioCommand = html.indexOf(`npx -y ${process.env.EARSHOT_CLI_PACKAGE_URL} mcp`);
    expect(endpoint).toBeGreaterThan(-1);
    expect(stdioCommand).toBeGreaterThan(endpoint);
  });
});

test.describe('the MCP page: setup first, one tab per client, each what `earshot mcp config` prints', () => {
  const SYNC_KEY_STORAGE = 'starlight-synced-tabs__mcp-client';

  test('the configuration comes first: one tab per client, in order, under the first heading', async ({ page }) => {
    await page.goto('/docs/mcp/');
    // The headings' wording is the writer's: only their place is checked.
    expect(await page.locator('.sl-markdown-content h2').count()).toBeGreaterThan(1);
    // The clients' tabs, one per client in order, are under the first heading, before the second.
    const tabs = page.locator('.sl-markdown-content starlight-tabs');
    await expect(tabs).toHaveCount(1);
    await expect(tabs.getByRole('tab')).toHaveText(mcpClients.map((client) => client.name));
    const underFirstHeading = await tabs.evaluate((element) => {
      const [configure, check] = document.querySelectorAll('.sl-markdown-content h2');
      return (
        Boolean(configure!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) &&
        Boolean(element.compareDocumentPosition(check!) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect(underFirstHeading).toBe(true);
  });

  for (const client of mcpClients) {
    test(`${client.name}'s tab: the remote endpoint, then the local server, each its install links and commands, then as earshot mcp config --client ${client.id} prints it, then how to check it`, async ({
      page,
      request,
      baseURL,
    }) => {
      const configuration = await servedConfiguration(request);
      await page.goto('/docs/mcp/');
      await page.getByRole('tab', { name: client.name, exact: true }).click();
      const panel = page.getByRole('tabpanel').and(page.locator(':visible'));
      await expect(panel.locator('p > strong')).toHaveText(['Remote endpoint.', 'Local server (stdio).', 'Check it.']);
      // What each copy button copies (Expressive Code joins the lines with U+007F).
      const copied = await panel
        .locator('[data-code]')
        .evaluateAll((buttons) => buttons.map((button) => button.dataset.code!.replace(/\u007f/g, '\n')));
      const links = await panel
        .locator('a.mcp-install-link')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      const installs = (['http', 'stdio'] as const).flatMap((transport) =>
        renderMcpInstallLinks(client.id, configuration, transport),
      );
      expect(links).toEqual(installs.filter((install) => install.kind === 'link').map((install) => install.text));
      if (client.id === 'claude-desktop')
        // The local server's first way: the bundle that /mcp.json names, to download and open.
        await expect(
          panel
            .locator('p', { hasText: 'Local server (stdio).' })
            .getByRole('link', { name: new URL(configuration.bundle!.url).pathname.split('/').at(-1)! }),
        ).toHaveAttribute('href', configuration.bundle!.url);
      const printed = [];
      for (const transport of ['http', 'stdio'] as const) {
        const snippet = renderMcpClientSnippet(client.id, configuration, transport).code;
        for (const install of renderMcpInstallLinks(client.id, configuration, transport))
          if (install.kind === 'command' && `${install.text}\n` !== snippet) printed.push(`${install.text}\n`);
        const result = await run([
          'mcp',
          'config',
          '--client',
          client.id,
          '--transport',
          transport,
          '--base-url',
          baseURL!,
        ]);
        expect(result.code, result.stderr).toBe(0);
        printed.push(result.stdout);
      }
      expect(copied.map((code) => `${code}\n`)).toEqual(printed);
    });
  }

  test('a client picked on the tabs is still picked on reload and in a new browser tab', async ({ page, context }) => {
    await page.goto('/docs/mcp/');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect(tab(mcpClients[0].name)).toHaveAttribute('aria-selected', 'true');
    await tab('Cursor').click();
    await expect(tab('Cursor')).toHaveAttribute('aria-selected', 'true');

    await page.reload();
    await expect(tab('Cursor')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(mcpClients[0].name)).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel').and(page.locator(':visible'))).toContainText('.cursor/mcp.json');

    // Starlight keeps the pick under the sync key; any page whose tabs share the key restores it
    // from there, before its first paint (the restore script is inline, in the HTML).
    expect(await page.evaluate((key) => localStorage.getItem(key), SYNC_KEY_STORAGE)).toBe('Cursor');
    const another = await context.newPage();
    await another.goto('/docs/mcp/');
    await expect(another.getByRole('tab', { name: 'Cursor', exact: true })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('the checks the MCP page gives, run as printed', () => {
  /** The MCP Inspector lines of the page, as its copy buttons copy them. */
  async function inspectorLines(request: APIRequestContext): Promise<string[]> {
    const lines = codeOnPage(await (await request.get('/docs/mcp/')).text()).flatMap((code) => code.split('\n'));
    return lines.filter((line) => line.startsWith('npx -y @modelcontextprotocol/inspector@'));
  }

  test('the Inspector lists the two tools through the remote endpoint, and through the stdio server it starts', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const lines = await inspectorLines(request);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(` --cli ${baseURL}/mcp `);
    const home = mkdtempSync(join(tmpdir(), 'earshot-inspector-'));
    try {
      for (const line of lines) {
        const [command, ...args] = line.split(' ');
        // The project's npx finds the Inspector installed at that version (a devDependency); the
        // stdio server's own `npx` then installs the client from the site into an empty cache.
        const env = {
          PATH: [resolve('node_modules/.bin'), process.env.PATH].join(delimiter),
          HOME: home,
          npm_config_cache: join(home, 'npm-cache'),
        };
        // The Inspector gives a server 15 s to connect, a budget sized for a quiet machine: a loaded
        // one can take longer to install and start the client. Its own option, after the line as
        // printed (before `--cli`, the Inspector would start its web interface instead).
        const result = await runProcess(command!, [...args, '--connect-timeout', '300000'], process.cwd(), env);
        expect(result.status, result.output).toBe(0);
        const listed = JSON.parse(result.stdout) as { tools: { name: string }[] };
        expect(
          listed.tools.map((tool) => tool.name),
          line,
        ).toEqual(['list_platforms', 'get_capabilities']);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

function runProcess(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ status: number | null; stdout: string; output: string }> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (output += chunk.toString())));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => done({ status, stdout, output }));
  });
}
