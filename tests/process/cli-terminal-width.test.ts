import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import stringWidth from 'string-width';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { commandDefinitions } from '../../client/src/definitions.ts';
import { quoteForShell } from '../../client/src/mcp/mcp-client-snippets.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { buildMcpConfiguration } from '../../site/lib/mcp/mcp-configuration.ts';
import { buildPublishedAnswers } from '../../site/lib/mcp/write-published-answers.ts';

/**
 * `earshot` on a real terminal: tmux panes of 80 and 40 columns, the client run in them as a
 * person runs it (stdout and stderr a TTY of that width), against a loopback server that answers
 * as the site does, with the production data and with the hostile fixture (CJK, emoji, combining
 * marks, markup). Every line of every command's output, help and error must fit the pane:
 * tmux's own record of which lines it had to wrap (`capture-pane -J` joins them again) is the
 * judge, measured by display width (string-width). The same commands piped write what they write
 * without a terminal, whatever its width.
 */
const execFileAsync = promisify(execFile);
const tmuxAvailable = spawnSync('tmux', ['-V']).status === 0;
const WIDTHS = [80, 40] as const;
const DATA_SETS = { production: 'data', hostile: 'tests/fixtures/hostile-data' } as const;

const folder = mkdtempSync(join(tmpdir(), 'earshot-tmux-'));
const servers: { close(): void }[] = [];
after(() => {
  for (const server of servers) server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A loopback server that answers the client's requests with the site's own bodies for that data. */
async function serveSite(dataDir: string): Promise<string> {
  let routes: Record<string, string> = {};
  const server = createServer((request, response) => {
    const body = routes[request.url ?? ''];
    if (body === undefined)
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const data = loadSiteDataOrThrow({ dataDir });
  const answers = buildPublishedAnswers({ data, baseUrl: origin, rateLimit: readRateLimit() });
  routes = {
    '/api/v1/platforms': answers.bodies.listServicePlatforms,
    '/api/v1/capabilities': answers.bodies.getServiceCapabilities,
    '/openapi.json': answers.openapi,
    '/mcp.json': JSON.stringify(
      buildMcpConfiguration(origin, data.product.baseUrl, `${origin}/cli/earshot-1.0.0-0123456789.tgz`),
    ),
  };
  return origin;
}

/** What a person runs: each command's output, each help, `earshot` alone, and two failures. */
function cases(origin: string, width: number, outputOnly: boolean): { name: string; args: string[] }[] {
  const output = [['platforms'], ['capabilities'], ['openapi'], ['links']];
  // The configuration is JSON to paste into a file: its lines hold URLs that no width can break,
  // so it is held to 80 columns only.
  if (width >= 80) output.push(['mcp', 'config']);
  const outputs = output.map((args) => ({ name: args.join(' '), args: [...args, '--base-url', origin] }));
  if (outputOnly) return outputs;
  return [
    ...outputs,
    { name: 'earshot alone', args: [] },
    { name: 'earshot --help', args: ['--help'] },
    ...commandDefinitions.map((command) => ({
      name: `${command.path.join(' ')} --help`,
      args: [...command.path, '--help'],
    })),
    { name: 'an unreachable API', args: ['platforms', '--base-url', 'http://127.0.0.1:9'] },
    { name: 'a mistyped value', args: ['mcp', 'config', '--client', 'vscod'] },
  ];
}

const earshot = `${quoteForShell(process.execPath)} ${quoteForShell(resolve('client/src/main.ts'))}`;

/** Runs the cases one after the other in a tmux pane of `width` columns and returns each one's lines, as tmux laid them out. */
async function runInTmux(width: number, list: { name: string; args: string[] }[]): Promise<Map<string, string[]>> {
  const script = join(folder, `cases-${width}.sh`);
  writeFileSync(
    script,
    [
      ...list.flatMap(({ name, args }) => [
        `echo ${quoteForShell(`@@case ${name}`)}`,
        `${earshot} ${args.map(quoteForShell).join(' ')}`,
      ]),
      'echo @@end',
      'sleep 600',
    ].join('\n'),
  );
  const config = join(folder, 'tmux.conf');
  writeFileSync(config, 'set -g history-limit 100000\n');
  const socket = `earshot-width-${process.pid}-${width}`;
  const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, '-f', config, ...args], { encoding: 'utf8' });
  const started = tmux(
    'new-session',
    '-d',
    '-x',
    String(width),
    '-y',
    '50',
    '-s',
    'width',
    `sh ${quoteForShell(script)}`,
  );
  assert.equal(started.status, 0, started.stderr);
  try {
    // Wait until the script is done (it then sleeps until the session is killed).
    for (;;) {
      const captured = tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'width').stdout;
      if (/^@@end$/m.test(captured)) return splitCases(captured);
      await delay(100);
    }
  } finally {
    tmux('kill-server');
  }
}

function splitCases(captured: string): Map<string, string[]> {
  const byCase = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of captured.split('\n')) {
    if (line === '@@end') break;
    if (line.startsWith('@@case ')) byCase.set(line.slice('@@case '.length), (current = []));
    else current?.push(line);
  }
  return byCase;
}

for (const [dataName, dataDir] of Object.entries(DATA_SETS)) {
  describe(
    `earshot in tmux, with the ${dataName} data`,
    { skip: !tmuxAvailable && 'tmux is not installed (.ci/run installs it)' },
    () => {
      let origin = '';
      before(async () => {
        origin = await serveSite(dataDir);
      });

      for (const width of WIDTHS) {
        it(`at ${width} columns, no line of any output, help or error is wider than the terminal`, async () => {
          // Help and errors do not depend on the data: they are run once, with the production data.
          const list = cases(origin, width, dataName !== 'production');
          const byCase = await runInTmux(width, list);
          assert.deepEqual(
            [...byCase.keys()],
            list.map((item) => item.name),
          );
          const tooWide = [...byCase].flatMap(([name, lines]) =>
            lines.filter((line) => stringWidth(line) > width).map((line) => `${name}: ${JSON.stringify(line)}`),
          );
          assert.deepEqual(tooWide, []);
          // Not empty: the commands did run, and said something.
          for (const [name, lines] of byCase)
            assert.ok(
              lines.some((line) => line.trim() !== ''),
              `${name} printed nothing`,
            );
        });
      }

      it('piped, the output is the same in a 40-column terminal as with none: whole lines, tab-separated', async () => {
        const piped = join(folder, `piped-${dataName}.txt`);
        const script = join(folder, `piped-${dataName}.sh`);
        writeFileSync(
          script,
          `${earshot} capabilities --base-url ${quoteForShell(origin)} | cat > ${quoteForShell(piped)}\necho @@end\nsleep 600\n`,
        );
        const config = join(folder, 'tmux.conf');
        writeFileSync(config, 'set -g history-limit 100000\n');
        const socket = `earshot-piped-${process.pid}-${dataName}`;
        const tmux = (...args: string[]) =>
          spawnSync('tmux', ['-L', socket, '-f', config, ...args], { encoding: 'utf8' });
        assert.equal(
          tmux('new-session', '-d', '-x', '40', '-y', '50', '-s', 'piped', `sh ${quoteForShell(script)}`).status,
          0,
        );
        try {
          while (!/^@@end$/m.test(tmux('capture-pane', '-p', '-t', 'piped').stdout)) await delay(100);
        } finally {
          tmux('kill-server');
        }
        // Asynchronously: the server that answers it lives in this process.
        const direct = await execFileAsync(
          process.execPath,
          ['client/src/main.ts', 'capabilities', '--base-url', origin],
          {
            encoding: 'utf8',
          },
        );
        assert.equal(readFileSync(piped, 'utf8'), direct.stdout);
        assert.ok(
          direct.stdout.split('\n').some((line) => line.length > 40),
          'the piped lines are whole, wider than the pane',
        );
      });
    },
  );
}
