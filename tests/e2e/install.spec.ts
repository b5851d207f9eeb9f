import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { readPublishedFiles } from '../support/published-files.ts';
import { findInstallSpecsInFile, isPinnedInstallSpec } from '../support/install-commands.ts';
import { withoutSiteNotices } from '../support/site-notices.ts';
import {
  readInstallCommands,
  runInstalledCli,
  runProcess,
  splitCommand,
  systemNodePath,
  type ProcessRun,
} from '../support/install-cli.ts';

/**
 * The client as a stranger installs it: the commands on the CLI page, copied as they are, against
 * the tarball this site serves, with the machine's own Node (20 here) and an empty npm cache.
 * The global setup already followed the page's `npm install --global` line (EARSHOT_CLI_BIN).
 */
const version = (JSON.parse(readFileSync('client/package.json', 'utf8')) as { version: string }).version;
const packageUrl = process.env.EARSHOT_CLI_PACKAGE_URL!;

/**
 * Runs a command line as a stranger would: the system's Node first on PATH (or `path`), an empty
 * npm cache, nothing else of ours.
 */
async function runAsStranger(
  line: string,
  options: { cwd?: string; cache: string; path?: string },
): Promise<ProcessRun> {
  const [command, ...args] = splitCommand(line);
  return runProcess(
    command!,
    [...args, ...(command === 'npm' ? ['--no-audit', '--no-fund', '--loglevel=error'] : [])],
    { PATH: options.path ?? systemNodePath(), npm_config_cache: options.cache },
    options.cwd,
  );
}

function temporaryFolder(name: string): string {
  return mkdtempSync(join(tmpdir(), `earshot-${name}-`));
}

test.describe('the client, installed from the site as the CLI page says', () => {
  test('the page names the tarball this site serves, with its true sha512 integrity and size', async ({
    page,
    request,
    baseURL,
  }) => {
    const commands = await readInstallCommands(baseURL!);
    expect(commands.url).toBe(packageUrl);
    expect(new URL(commands.url).origin).toBe(new URL(baseURL!).origin);
    expect(commands.installLibrary).toBe(`npm install ${commands.url}`);
    // This build is the local server's, not production: the lines name its address, so that they
    // read the API of the page that shows them.
    expect(commands.npx).toBe(`npx -y ${commands.url} platforms --base-url ${baseURL}`);
    expect(commands.run).toBe(`earshot platforms --base-url ${baseURL}`);

    const tarball = await request.get(commands.url);
    expect(tarball.status()).toBe(200);
    const bytes = await tarball.body();
    const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
    // The URL names the version and the content, so one URL can only ever mean these bytes.
    expect(new URL(commands.url).pathname).toBe(
      `/cli/earshot-${version}-${createHash('sha512').update(bytes).digest('hex').slice(0, 10)}.tgz`,
    );

    await page.goto('/docs/cli/#install');
    await expect(page.locator('main')).toContainText(
      `The tarball of version ${version} weighs ${(bytes.byteLength / 1024).toFixed(1)} KiB`,
    );
    await expect(page.getByText('Not on the public npm registry')).toBeVisible();
    // Its integrity, as npm records it, is where downloads are verified; a preview of a version not
    // yet released shows the newest release's, which SHA256SUMS lists.
    const { releases } = JSON.parse(readFileSync('releases/manifest.json', 'utf8')) as {
      releases: { fileName: string; integrity: string }[];
    };
    const released = releases.some((release) => commands.url.endsWith(`/${release.fileName}`));
    await page.goto('/docs/security/');
    await expect(page.locator('main')).toContainText(released ? integrity : releases.at(-1)!.integrity);
  });

  /** The Node a stranger has (the system's, 20 here) and the current one (the project's 24). */
  const nodes = [
    { name: 'the system Node', path: () => systemNodePath() },
    { name: `Node ${process.version}`, path: () => [dirname(process.execPath), systemNodePath()].join(delimiter) },
  ];

  for (const node of nodes) {
    test(`with ${node.name}: the page's install line gives a working earshot, from an empty npm cache`, async ({
      request,
      baseURL,
    }) => {
      const root = temporaryFolder('global-install');
      try {
        const commands = await readInstallCommands(baseURL!);
        const prefix = join(root, 'prefix');
        const install = await runAsStranger(`${commands.installGlobal} --prefix ${prefix}`, {
          cache: join(root, 'cache'),
          path: node.path(),
        });
        expect(install.code, install.stderr).toBe(0);
        const env = { PATH: [join(prefix, 'bin'), node.path()].join(delimiter) };
        expect(await runProcess('earshot', ['--version'], env)).toEqual({
          code: 0,
          stdout: `earshot ${version}\n`,
          stderr: '',
        });
        // The page's next line, as printed, with --json to compare.
        const [command, ...args] = commands.run.split(' ');
        const platforms = await runProcess(command!, [...args, '--json'], env);
        expect(await withoutSiteNotices(platforms.stderr, baseURL!)).toBe('');
        expect(JSON.parse(platforms.stdout)).toEqual(await (await request.get('/api/v1/platforms')).json());
        const runtime = await runProcess('node', ['--version'], env);
        test.info().annotations.push({ type: 'Node', description: runtime.stdout.trim() });
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    test(`with ${node.name}: the page's npx line works from an empty npm cache`, async ({ baseURL }) => {
      const cache = temporaryFolder('npx-cache');
      try {
        const expected = await runInstalledCli(['platforms'], { EARSHOT_BASE_URL: baseURL! });
        // The page's line as printed: on this build it names the local server's address itself.
        const commands = await readInstallCommands(baseURL!);
        const result = await runAsStranger(commands.npx, { cache, path: node.path() });
        // stderr may carry npm's own notices; the output is the client's.
        expect(result.stdout, result.stderr).toBe(expected.stdout);
        expect(result.code).toBe(0);
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    });
  }

  test('a project that installed the URL imports the library, calls both operations and gets typed results', async ({
    request,
    baseURL,
  }) => {
    const project = temporaryFolder('library-project');
    try {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      const commands = await readInstallCommands(baseURL!);
      const install = await runAsStranger(commands.installLibrary, {
        cwd: project,
        cache: join(project, '.npm-cache'),
      });
      expect(install.code, install.stderr).toBe(0);
      const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { resolved?: string; integrity?: string }>;
      };
      // One package, no dependencies, recorded with the integrity the page shows.
      expect(Object.keys(lock.packages).filter((path) => path !== '')).toEqual(['node_modules/earshot']);
      expect(lock.packages['node_modules/earshot']!.resolved).toBe(commands.url);

      writeFileSync(
        join(project, 'call.mjs'),
        `import { createClient, EarshotError } from 'earshot';
const earshot = createClient({ baseUrl: process.argv[2], userAgent: 'consumer-test/1.0' });
const platforms = await earshot.listServicePlatforms();
const capabilities = await earshot.getServiceCapabilities();
let failure;
try { await createClient({ baseUrl: process.argv[2] + '/missing', retries: 0 }).listServicePlatforms(); }
catch (error) { failure = { isEarshotError: error instanceof EarshotError, kind: error.kind, status: error.status, message: error.message }; }
console.log(JSON.stringify({ platforms, capabilities, failure }));
`,
      );
      const call = await runProcess('node', ['call.mjs', baseURL!], { PATH: systemNodePath() }, project);
      expect(call.code, call.stderr).toBe(0);
      const answers = JSON.parse(call.stdout) as Record<string, unknown>;
      expect(answers.platforms).toEqual(await (await request.get('/api/v1/platforms')).json());
      expect(answers.capabilities).toEqual(await (await request.get('/api/v1/capabilities')).json());
      expect(answers.failure).toEqual({
        isEarshotError: true,
        kind: 'http-error',
        status: 404,
        message: `GET ${baseURL}/missing/api/v1/platforms answered HTTP 404 Not Found`,
      });

      // The types as a TypeScript user gets them: strict, from the package's own index.d.ts.
      writeFileSync(
        join(project, 'typed.ts'),
        `import { createClient, EarshotError, type EarshotErrorKind, type Platform } from 'earshot';
const earshot = createClient({ timeout: 5000, retries: 1 });
const { data } = await earshot.listServicePlatforms();
const first: Platform | undefined = data[0];
const types: string[] | undefined = first?.targetTypes;
const known: Platform['targetTypes'][number] = 'subreddit';
// @ts-expect-error: a target type is a string
const wrong: Platform['targetTypes'][number] = 42;
// @ts-expect-error: the field is targetTypes, and a misspelling must not compile
console.log(first?.targetType, types, known, wrong);
const { data: capabilities } = await earshot.getServiceCapabilities();
const product: string = capabilities.product;
const openapi: string = capabilities.resources.openapi;
const kind: EarshotErrorKind = new EarshotError('unreachable', 'message', { hint: 'hint' }).kind;
// @ts-expect-error: options are checked too
createClient({ baseURL: 'https://example.com' });
console.log(product, openapi, kind);
`,
      );
      const tsc = resolve('node_modules/.bin/tsc');
      const check = await runProcess(
        tsc,
        [
          '--strict',
          '--noEmit',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--types',
          'node',
          '--typeRoots',
          resolve('node_modules/@types'),
          'typed.ts',
        ],
        { PATH: process.env.PATH! },
        project,
      );
      expect(check.stdout + check.stderr).toBe('');
      expect(check.code).toBe(0);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

test('no page, served JSON or text file names an install command without the pinned tarball URL (or, for another tool, an exact version)', () => {
  const found: { file: string; spec: string }[] = [];
  for (const file of readPublishedFiles('dist')) {
    // Pagefind's index holds the pages' own text, searched here as pages.
    if (file.path.startsWith('pagefind/')) continue;
    for (const spec of findInstallSpecsInFile(file.path, file.text)) found.push({ file: file.path, spec });
  }
  // The search finds the instructions that exist (the CLI page, /mcp.json, /llms.txt at least)…
  for (const file of [
    'docs/cli/index.html',
    'docs/mcp/index.html',
    'docs/index.html',
    'index.html',
    'llms.txt',
    'mcp.json',
  ]) {
    expect(
      found.some((entry) => entry.file === file),
      `${file} has an install command`,
    ).toBe(true);
  }
  // …and every one of them names the tarball this build serves, a recorded release's (the download
  // checks of a preview name the newest release), or another tool at an exact version.
  // The client's update notice is the exception: it builds its command at run time from the release
  // manifest's pinned tarball URL (tests/unit/cli-update-notice.test.ts), a template in its code.
  const computedByClient = (entry: { file: string; spec: string }) =>
    entry.file.startsWith('cli/') && /^\$\{[\w.]+\}$/.test(entry.spec);
  const { releases } = JSON.parse(readFileSync('releases/manifest.json', 'utf8')) as {
    releases: { fileName: string }[];
  };
  const released = new Set(releases.map(({ fileName }) => new URL(fileName, packageUrl).href));
  expect(
    found.filter(
      (entry) => !computedByClient(entry) && !isPinnedInstallSpec(entry.spec, packageUrl) && !released.has(entry.spec),
    ),
  ).toEqual([]);
});
