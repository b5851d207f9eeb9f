import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { commandDefinitions } from '../../src/cli/definitions.ts';
import { toVsCodeConfiguration } from '../../src/shared/mcp-client-snippets.ts';
import { findFreePort } from '../../src/lib/local-server.ts';
import { createSchemaValidator } from '../../src/shared/create-schema-validator.ts';
import { mcpConfigurationSchema, type McpConfiguration } from '../../src/shared/schemas/index.ts';
import { runInstalledCli as run, systemNodePath } from '../support/install-cli.ts';

/**
 * The MCP server as an MCP client meets it: the SDK's own client spawns `earshot mcp` (the
 * served configuration's own `npx` command, or the tarball the global setup installed, on the
 * system's Node) and speaks MCP to it over stdio, against the local server.
 */
const bin = process.env.EARSHOT_CLI_BIN!;
const PATH = process.env.EARSHOT_CLI_PATH!;

const clients: Client[] = [];
test.afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/**
 * Starts `earshot <args>` as an MCP client would, with nothing of the test's environment but PATH
 * and HOME; `server` starts another command instead (a configuration's, as served).
 */
async function connect(args: string[], server: { command: string; env?: Record<string, string> } = { command: bin }): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: server.command, args, env: { PATH, HOME: process.env.HOME ?? '/tmp', ...server.env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'earshot-e2e', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

async function servedConfiguration(request: import('@playwright/test').APIRequestContext): Promise<McpConfiguration> {
  const { data } = (await (await request.get('/api/v1/capabilities')).json()) as { data: { resources: { mcp: string } } };
  const response = await request.get(data.resources.mcp);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  return (await response.json()) as McpConfiguration;
}

test.describe('the MCP configuration the site serves', () => {
  test("validates against its schema and names a command that exists: npx, the CLI page's pinned tarball, its mcp command", async ({ request }) => {
    const configuration = await servedConfiguration(request);
    const validate = createSchemaValidator().getSchema(mcpConfigurationSchema.$id)!;
    expect(validate(configuration), JSON.stringify(validate.errors)).toBe(true);
    const { command, args } = configuration.mcpServers.earshot;
    expect(command).toBe('npx');
    const [yes, packageUrl, subcommand] = args;
    expect(yes).toBe('-y');
    // The very URL the CLI page tells people to install, and the site serves it.
    expect(packageUrl).toBe(process.env.EARSHOT_CLI_PACKAGE_URL);
    expect(new URL(packageUrl!).pathname).toMatch(/^\/cli\/earshot-\d+\.\d+\.\d+-[0-9a-f]{10}\.tgz$/);
    expect((await request.get(packageUrl!)).status()).toBe(200);
    expect(commandDefinitions.map((definition) => definition.path.join(' '))).toContain(subcommand);
  });

  test("an MCP client that starts exactly what it says (npx, an empty npm cache, the system's Node) lists the local server's platforms", async ({ request, baseURL }) => {
    const { command, args } = (await servedConfiguration(request)).mcpServers.earshot;
    // This build links to the local server, so the arguments carry --base-url with its address.
    expect(args.slice(3)).toEqual(['--base-url', baseURL]);
    const cache = mkdtempSync(join(tmpdir(), 'earshot-npx-cache-'));
    try {
      const { client } = await connect(args, { command, env: { PATH: systemNodePath(), npm_config_cache: cache } });
      const result = await client.callTool({ name: 'list_platforms', arguments: {} });
      expect(result.structuredContent).toEqual(await (await request.get('/api/v1/platforms')).json());
    } finally {
      for (const client of clients.splice(0)) await client.close();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  test("earshot mcp config --client vscode prints VS Code's variant of it", async ({ request, baseURL }) => {
    const configuration = await servedConfiguration(request);
    const result = await run(['mcp', 'config', '--client', 'vscode', '--base-url', baseURL!]);
    expect(result).toEqual({ code: 0, stderr: '', stdout: `${JSON.stringify(toVsCodeConfiguration(configuration), null, 2)}\n` });
  });
});

test.describe('earshot mcp against the local server', () => {
  test('lists the two read-only tools and the two resources', async ({ baseURL }) => {
    const { client } = await connect(['mcp', '--base-url', baseURL!]);
    expect(client.getServerVersion()).toMatchObject({ name: 'earshot', version: JSON.parse(readFileSync('src/cli/package/package.json', 'utf8')).version });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['list_platforms', true],
      ['get_capabilities', true],
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['earshot://openapi', 'earshot://links']);
  });

  for (const [tool, path] of [
    ['list_platforms', '/api/v1/platforms'],
    ['get_capabilities', '/api/v1/capabilities'],
  ] as const) {
    test(`${tool}: structured content equal to GET ${path}, valid against the output schema`, async ({ request, baseURL }) => {
      const { client, stderr } = await connect(['mcp', '--base-url', baseURL!]);
      // The SDK's client checks structuredContent against the tool's outputSchema, and throws if it does not match.
      await client.listTools();
      const result = await client.callTool({ name: tool, arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await (await request.get(path)).json());
      expect((result.content as { type: string; text: string }[])[0]!.text).toMatch(/\S/);
      expect(stderr()).toBe('');
    });
  }

  test('reads the OpenAPI document as served, and the links of the capabilities', async ({ request, baseURL }) => {
    const { client } = await connect(['mcp', '--base-url', baseURL!]);
    const openapi = await client.readResource({ uri: 'earshot://openapi' });
    expect(openapi.contents).toEqual([{ uri: 'earshot://openapi', mimeType: 'application/json', text: await (await request.get('/openapi.json')).text() }]);
    const links = await client.readResource({ uri: 'earshot://links' });
    const { data } = (await (await request.get('/api/v1/capabilities')).json()) as { data: { resources: unknown } };
    expect(JSON.parse((links.contents[0] as { text: string }).text)).toEqual(data.resources);
  });

  test('invalid tool arguments are a protocol error, and the server carries on', async ({ baseURL }) => {
    const { client } = await connect(['mcp', '--base-url', baseURL!]);
    const error = await client.callTool({ name: 'get_capabilities', arguments: { verbose: true } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((await client.callTool({ name: 'get_capabilities', arguments: {} })).isError).toBeFalsy();
  });

  test('ends with exit code 0 and prints nothing when the client closes stdin', async ({ baseURL }) => {
    const result = await run(['mcp', '--base-url', baseURL!]);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

test.describe('earshot mcp against an API that is down, then up', () => {
  let proxy: Server | undefined;
  test.afterEach(async () => {
    await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
    proxy = undefined;
  });

  test('an unreachable API gives an error result with the lines `earshot platforms` prints; the next call, once it is up, works', async ({ request, baseURL }) => {
    const port = await findFreePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const { client } = await connect(['mcp', '--base-url', apiUrl, '--timeout', '5']);

    const down = await client.callTool({ name: 'list_platforms', arguments: {} });
    expect(down.isError).toBe(true);
    const cli = await run(['platforms', '--base-url', apiUrl, '--timeout', '5']);
    expect(cli.code).toBe(4);
    expect(cli.stderr).toMatch(new RegExp(`^error: .*127\\.0\\.0\\.1:${port}.*\\nhint: \\S.*\\n$`));
    expect(down.content).toEqual([{ type: 'text', text: cli.stderr.trimEnd() }]);

    // The API comes up on that port: a plain forwarder to the local server.
    proxy = createServer(async (incoming, outgoing) => {
      const answer = await fetch(`${baseURL}${incoming.url}`, { headers: { accept: incoming.headers.accept ?? '*/*' } });
      outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((done) => proxy!.listen(port, '127.0.0.1', done));

    const up = await client.callTool({ name: 'list_platforms', arguments: {} });
    expect(up.isError).toBeFalsy();
    expect(up.structuredContent).toEqual(await (await request.get('/api/v1/platforms')).json());
  });
});
