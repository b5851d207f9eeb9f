import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../tooling/local-server.ts';
import { runInstalledCli as earshot, runProcess } from '../support/install-cli.ts';
import { failureCases } from '../support/cli-failure-cases.ts';
import { startMisbehavingServer, validMcpConfig, type MisbehavingServer } from '../support/misbehaving-server.ts';

/**
 * Black-box tests of the client as a stranger gets it: the tarball the site serves, installed by
 * the global setup with the CLI page's own install line, run as a process on the system's Node.
 */
const PATH = process.env.EARSHOT_CLI_PATH!;
const version = (JSON.parse(readFileSync('client/package.json', 'utf8')) as { version: string }).version;

test.describe('the installed earshot against the local server', () => {
  test('--version prints the package version', async () => {
    expect(await earshot(['--version'])).toEqual({ code: 0, stdout: `earshot ${version}\n`, stderr: '' });
  });

  // As the CLI page and `--json`'s help say: in a pipe, the bytes the server sent. Checked as a
  // reader would, with a real shell's redirect and `cmp`.
  for (const [command, path] of [
    ['platforms', '/api/v1/platforms'],
    ['capabilities', '/api/v1/capabilities'],
    ['openapi', '/openapi.json'],
    ['mcp config', '/mcp.json'],
  ] as const) {
    test(`earshot ${command} --json > file is byte for byte what GET ${path} serves (cmp)`, async ({
      request,
      baseURL,
    }) => {
      const folder = mkdtempSync(join(tmpdir(), 'earshot-json-'));
      try {
        writeFileSync(join(folder, 'served'), await (await request.get(path)).body());
        const line = `earshot ${command} --json --base-url "$BASE_URL" > printed && cmp printed served`;
        const result = await runProcess('sh', ['-c', line], { PATH, BASE_URL: baseURL! }, folder);
        expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }

  test('platforms, piped, prints one tab-separated line per platform of the API', async ({ request, baseURL }) => {
    const { data } = (await (await request.get('/api/v1/platforms')).json()) as {
      data: { id: string; name: string; targetTypes: string[] }[];
    };
    const result = await earshot(['platforms'], { EARSHOT_BASE_URL: baseURL! });
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: data.map((platform) => `${platform.id}\t${platform.name}\t${platform.targetTypes.join(',')}\n`).join(''),
    });
  });

  test('links prints the resource links of the capabilities', async ({ request, baseURL }) => {
    const { data } = (await (await request.get('/api/v1/capabilities')).json()) as {
      data: { resources: Record<string, string> };
    };
    const result = await earshot(['links', '--base-url', baseURL!]);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: Object.entries(data.resources)
        .map(([name, url]) => `${name}\t${url}\n`)
        .join(''),
    });
  });

  test('mcp config --json prints what the resources.mcp link serves', async ({ request, baseURL }) => {
    const { data } = (await (await request.get('/api/v1/capabilities')).json()) as {
      data: { resources: { mcp: string } };
    };
    const served = await request.get(data.resources.mcp);
    expect(served.status()).toBe(200);
    const result = await earshot(['mcp', 'config', '--json', '--base-url', baseURL!]);
    expect(result).toEqual({ code: 0, stderr: '', stdout: await served.text() });
  });
});

test.describe('the installed earshot against a misbehaving server', () => {
  let server: MisbehavingServer;
  let closedPort: number;
  test.beforeAll(async () => {
    server = await startMisbehavingServer();
    closedPort = await findFreePort();
  });
  test.afterAll(() => server.stop());

  test('runs on the system Node and says so in its User-Agent', async () => {
    const systemNode = spawnSync('node', ['--version'], { encoding: 'utf8', env: { PATH } }).stdout.trim();
    const result = await earshot(['mcp', 'config', '--base-url', `${server.url}/ok`]);
    // The remote endpoint only, as `mcp config` prints it without --transport stdio.
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: `${JSON.stringify({ mcpServers: { earshot: validMcpConfig(server.url).mcpServers.earshot } }, null, 2)}\n`,
    });
    const agents = server.requests
      .filter((request) => request.path.startsWith('/ok/'))
      .map((request) => request.headers['user-agent']);
    expect(agents).toContain(`earshot/${version} (node ${systemNode}; ${process.platform} ${process.arch})`);
  });

  for (const failure of failureCases) {
    test(`${failure.name}: exit ${failure.exitCode}, one error line and one hint on stderr, nothing on stdout`, async () => {
      const result = await earshot(failure.args(server.url, closedPort), failure.env?.(server.url, closedPort));
      expect(result.stdout).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^error: /);
      expect(lines[0]!.slice('error: '.length)).toMatch(failure.error);
      expect(lines[1]).toMatch(/^hint: /);
      expect(lines[1]!.slice('hint: '.length)).toMatch(failure.hint);
      expect(result.code).toBe(failure.exitCode);
    });
  }

  test('a usage error exits 2 without a stack trace, and suggests what was meant', async () => {
    expect(await earshot(['platforms', '--nope'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: unknown flag --nope\nhint: run `earshot platforms --help` to see its flags\n',
    });
    expect(await earshot(['platfroms'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: unknown command "platfroms"\nhint: did you mean "platforms"?\n',
    });
    expect(await earshot(['mcp', 'confg'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: unknown command "mcp confg"\nhint: did you mean "mcp config"?\n',
    });
    expect(await earshot(['links', '--jsno'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: unknown flag --jsno\nhint: did you mean --json?\n',
    });
  });

  test('earshot help <command> prints the help of the command, wrapped to 80 columns in a pipe', async () => {
    const help = await earshot(['help', 'mcp', 'config']);
    expect(help).toEqual(await earshot(['mcp', 'config', '--help']));
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n').filter((line) => line.length > 80 && !line.startsWith('  $ '))).toEqual([]);
  });
});
