import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tooManyRequests from '../../netlify/functions/too-many-requests.ts';
import { DEFAULT_RETRY_POLICY } from '../../client/src/api/retry-policy.ts';
import {
  formatAnswerExcerpt,
  LIBRARY_SAMPLE_FILE,
  LONG_OUTPUT_LINES,
  OUTPUT_LINES_SHOWN,
} from '../../site/lib/docs/code-samples.ts';
import { SAMPLE_PLATFORM_COUNT } from '../../site/lib/docs/docs-facts.ts';
import {
  claimantsOf,
  codeBlockRegister,
  readPageBlocks,
  type RegisteredBlock,
} from '../support/code-block-register.ts';
import { runProcess, systemNodePath } from '../support/install-cli.ts';
import { withoutSiteNotices } from '../support/site-notices.ts';

/**
 * The docs' code samples do what the page says: each tab's code, copied off the served page as a
 * reader copies it (the copy button), runs against the local server and prints the output the
 * page shows under it. curl through `sh`, JavaScript with the machine's own Node, Python with
 * `python3` when the machine has it.
 */
const hasPython = spawnSync('python3', ['--version']).status === 0;

interface Sample {
  label: string;
  code: string;
  output: string;
}

/** Every tab of one of the page's tab groups (the first by default): its sample and the output shown under it. */
async function readSamples(page: Page, path: string, group = 0): Promise<Sample[]> {
  await page.goto(path);
  const tabs = page.locator('starlight-tabs').nth(group);
  const samples: Sample[] = [];
  for (const tab of await tabs.getByRole('tab').all()) {
    await tab.click();
    const panel = tabs.getByRole('tabpanel').and(page.locator(':visible'));
    // Expressive Code's copy button holds the block's text, lines joined by U+007F.
    const [code, output] = await Promise.all(
      [0, 1].map(async (index) =>
        (await panel.locator('[data-code]').nth(index).getAttribute('data-code'))!.replace(/\u007f/g, '\n'),
      ),
    );
    samples.push({ label: (await tab.textContent())!.trim(), code: code!, output: output! });
  }
  expect(samples.map((sample) => sample.label)).toEqual(['curl', 'JavaScript', 'Python']);
  return samples;
}

/** Runs a sample as its reader would, in an empty folder, with the machine's own tools. */
async function runSample(sample: Sample, folder: string) {
  const env = { PATH: systemNodePath() };
  switch (sample.label) {
    case 'curl':
      return runProcess('sh', ['-c', sample.code], env, folder);
    case 'JavaScript':
      writeFileSync(join(folder, 'sample.mjs'), sample.code);
      return runProcess('node', ['sample.mjs'], env, folder);
    default:
      writeFileSync(join(folder, 'sample.py'), sample.code);
      return runProcess('python3', ['sample.py'], { PATH: process.env.PATH! }, folder);
  }
}

/** A list answer as the page shows it: its first platforms, and how many more. */
const excerpt = (body: { data: unknown[] }) => formatAnswerExcerpt(body, SAMPLE_PLATFORM_COUNT);

/**
 * What a sample printed is what the page shows. A JSON answer (`printsJson`) is shown as its
 * excerpt: the excerpt of what the sample printed (curl's JSON as served, the others' indented)
 * must be the page's output, and the others must print it indented, as the page does.
 */
function expectShownOutput(sample: Sample, stdout: string, { printsJson = true } = {}) {
  if (!printsJson) return expect(stdout).toBe(`${sample.output}\n`);
  const printed = JSON.parse(stdout) as { data: unknown[] };
  expect(excerpt(printed)).toBe(sample.output);
  if (sample.label !== 'curl') expect(stdout).toBe(`${JSON.stringify(printed, null, 2)}\n`);
}

let folder: string;
test.beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'earshot-sample-'));
});
test.afterEach(() => rmSync(folder, { recursive: true, force: true }));

test.describe('the quick start on /docs/', () => {
  for (const label of ['curl', 'JavaScript', 'Python']) {
    test(`the ${label} sample prints what the page shows, and it is what the API answers`, async ({
      page,
      request,
    }) => {
      test.skip(label === 'Python' && !hasPython, 'python3 is not installed on this machine');
      const sample = (await readSamples(page, '/docs/')).find((candidate) => candidate.label === label)!;
      expect(sample.output).toBe(excerpt(await (await request.get('/api/v1/platforms')).json()));
      const result = await runSample(sample, folder);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expectShownOutput(sample, result.stdout);
    });
  }
});

for (const retryAfter of ['1', undefined])
  test.describe(`the back-off samples on /docs/rate-limits/, ${retryAfter ? `Retry-After: ${retryAfter}` : 'without Retry-After'}`, () => {
    let server: Server;
    let origin: string;
    let requests = 0;

    /**
     * Answers the first request with the site's own 429 (the Netlify Function's answer, imported,
     * not retyped), then passes every request on to the local server. Only the wait is shortened:
     * the production `Retry-After` of a whole window would make each run last a minute.
     */
    test.beforeEach(async ({ baseURL }) => {
      requests = 0;
      server = createServer(async (incoming, outgoing) => {
        requests++;
        const answer =
          requests === 1
            ? await (tooManyRequests as (request: Request) => Response | Promise<Response>)(
                new Request(`${origin}${incoming.url}`),
              )
            : await fetch(`${baseURL}${incoming.url}`, { headers: { accept: 'application/json' } });
        // fetch decoded the body (the site compresses it, as the CDN does): what describes the encoding goes.
        const {
          'content-encoding': _encoding,
          'content-length': _length,
          ...headers
        } = Object.fromEntries(answer.headers);
        if (answer.status === 429) {
          if (retryAfter) headers['retry-after'] = retryAfter;
          else delete headers['retry-after'];
        }
        outgoing.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    test.afterEach(() => new Promise<void>((done) => server.close(() => done())));

    for (const label of ['curl', 'JavaScript', 'Python']) {
      test(`the ${label} sample waits as the retry rule says after the site's 429, then prints what the page shows`, async ({
        page,
        baseURL,
      }) => {
        test.skip(label === 'Python' && !hasPython, 'python3 is not installed on this machine');
        const sample = (await readSamples(page, '/docs/rate-limits/')).find((candidate) => candidate.label === label)!;
        // The sample as shown, pointed at the server that answers 429 first.
        expect(sample.code).toContain(`${baseURL}/api/v1/platforms`);
        const result = await runSample({ ...sample, code: sample.code.replaceAll(baseURL!, origin) }, folder);
        expect(result.code, result.stderr).toBe(0);
        expectShownOutput(sample, result.stdout);
        expect(requests).toBe(2);
        // curl prints nothing on its way to success: an error line would read as a failure.
        if (label === 'curl') {
          expect(result.stderr).toBe('');
          return;
        }
        const waited = Number(/^rate limited; retrying in ([\d.]+) s\n$/.exec(result.stderr)?.[1]);
        // Retry-After's seconds, or else a random wait within the client's first range.
        if (retryAfter) expect(waited).toBe(Number(retryAfter));
        else {
          const top = DEFAULT_RETRY_POLICY.baseDelayMs / 1000;
          expect(waited).toBeGreaterThanOrEqual(top / 2);
          expect(waited).toBeLessThanOrEqual(top);
        }
      });
    }
  });

test('the curl back-off sample prints an error only when the last try fails: one line, and a non-zero exit code', async ({
  page,
  baseURL,
}) => {
  const sample = (await readSamples(page, '/docs/rate-limits/')).find((candidate) => candidate.label === 'curl')!;
  // A 404 is not retried: this is the last try.
  const result = await runSample(
    { ...sample, code: sample.code.replace(`${baseURL}/api/v1/platforms`, `${baseURL}/api/v1/nothing`) },
    folder,
  );
  expect(result.code).toBe(22);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe('curl: The requested URL returned error: 404\n');
});

test.describe('the conditional requests on /docs/rate-limits/', () => {
  for (const label of ['curl', 'JavaScript', 'Python']) {
    test(`the ${label} sample revalidates with the ETag and gets 304 Not Modified, as the page shows`, async ({
      page,
    }) => {
      test.skip(label === 'Python' && !hasPython, 'python3 is not installed on this machine');
      const sample = (await readSamples(page, '/docs/rate-limits/', 1)).find((candidate) => candidate.label === label)!;
      expect(sample.code).toContain('If-None-Match');
      const result = await runSample(sample, folder);
      expect(result.code, result.stderr).toBe(0);
      expectShownOutput(sample, result.stdout, { printsJson: false });
    });
  }
});

/**
 * A long output (the platforms JSON, under every tab of /docs/ and /docs/rate-limits/) shows
 * its first lines, then a "Show all" line that a keyboard reaches; opening it shows every line.
 * The collapsed state is the HTML's own, so the block has its height from the first paint and
 * nothing after it moves until the reader acts. The copy button copies all of it, collapsed or not.
 */
test.describe('a long output: its first lines, then an explicit "Show all"', () => {
  /** A tall window: the output is on screen from the first paint, where a layout shift would count. */
  const TALL = { width: 1440, height: 3000 };

  /** The output under the first tab of the page's first tab group, and what comes after the group. */
  function firstOutput(page: Page) {
    const tabs = page.locator('starlight-tabs').first();
    const block = tabs
      .getByRole('tabpanel')
      .first()
      .locator('.expressive-code')
      .filter({ has: page.locator('.title', { hasText: /^Output$/ }) });
    return {
      block,
      lines: block.locator('.ec-line:not(summary .ec-line)'),
      showAll: block.locator('summary'),
      after: tabs.locator('xpath=following-sibling::*[not(self::script)][1]'),
    };
  }

  /** The output block's height and where the element after its tab group starts, from the group's top. */
  async function measureLayout(page: Page) {
    const { block, after } = firstOutput(page);
    const top = await page
      .locator('starlight-tabs')
      .first()
      .evaluate((tabs) => tabs.getBoundingClientRect().top);
    return {
      blockHeight: (await block.boundingBox())!.height,
      afterTop: (await after.boundingBox())!.y - top,
    };
  }

  for (const path of ['/docs/', '/docs/rate-limits/']) {
    test(`${path}: the first ${OUTPUT_LINES_SHOWN} lines and "Show all", in the HTML itself: nothing after it moves as the page loads`, async ({
      browser,
      request,
    }) => {
      const output = excerpt(await (await request.get('/api/v1/platforms')).json());
      const lineCount = output.split('\n').length;
      expect(lineCount).toBeGreaterThan(LONG_OUTPUT_LINES);

      // Without scripts: what the HTML alone lays out.
      const withoutScripts = await browser.newContext({ viewport: TALL, javaScriptEnabled: false });
      const bare = await withoutScripts.newPage();
      await bare.goto(path);
      const { lines, showAll } = firstOutput(bare);
      await expect(lines).toHaveCount(lineCount);
      const visible = await lines.evaluateAll((all) => all.filter((line) => line.checkVisibility()).length);
      expect(visible).toBe(OUTPUT_LINES_SHOWN);
      await expect(showAll).toBeVisible();
      await expect(showAll).toHaveText(`Show all (${lineCount - OUTPUT_LINES_SHOWN} more lines)`);
      const htmlLayout = await measureLayout(bare);
      await withoutScripts.close();

      // With scripts, observed from the first paint: no shift of the output or of anything after it.
      const withScripts = await browser.newContext({ viewport: TALL });
      const page = await withScripts.newPage();
      await page.addInitScript(() => {
        const shifted: string[] = [];
        (window as unknown as { __shifted: string[] }).__shifted = shifted;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[])
            for (const { node } of entry.sources ?? []) {
              const tabs = document.querySelector('starlight-tabs');
              if (node && tabs && (tabs.contains(node) || tabs.compareDocumentPosition(node) & 4))
                shifted.push((node as Element).outerHTML?.slice(0, 80) ?? node.nodeName);
            }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path, { waitUntil: 'load' });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await measureLayout(page)).toEqual(htmlLayout);
      expect(await page.evaluate(() => (window as unknown as { __shifted: string[] }).__shifted)).toEqual([]);
      await withScripts.close();
    });
  }

  test('the "Show all" line is reached with Tab and opened with Enter: every line shows, in order', async ({
    page,
    request,
  }) => {
    const output = excerpt(await (await request.get('/api/v1/platforms')).json());
    await page.goto('/docs/');
    const { lines, showAll } = firstOutput(page);
    // From the selected tab, as a keyboard user goes: Tab until the "Show all" line has the focus.
    await page.locator('starlight-tabs').first().getByRole('tab', { selected: true }).focus();
    for (
      let presses = 0;
      presses < 10 && !(await showAll.evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(showAll).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(showAll).toBeHidden();
    expect(await lines.evaluateAll((all) => all.filter((line) => line.checkVisibility()).length)).toBe(
      output.split('\n').length,
    );
    expect((await lines.allTextContents()).map((line) => line.replace(/\n$/, '')).join('\n')).toBe(output);
  });

  test('the copy button copies the whole output while it is collapsed', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const output = excerpt(await (await request.get('/api/v1/platforms')).json());
    await page.goto('/docs/');
    const { block, showAll } = firstOutput(page);
    await block.locator('.copy button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(output);
    await expect(showAll).toBeVisible();
  });
});

/**
 * Every block the register (tests/support/code-block-register.ts) gives a runner, copied off the
 * served page and run as printed in the reader's runtime, in an empty folder. The test changes
 * nothing in the code; what a block prints is compared with what the server serves.
 */
test.describe('every block the register runs, as printed', () => {
  for (const entry of codeBlockRegister.filter((candidate) => candidate.runner))
    for (const path of entry.pages)
      test(`${path}: ${entry.name}`, async ({ request, baseURL }) => {
        test.setTimeout(240_000);
        test.skip(entry.runner === 'python' && !hasPython, 'python3 is not installed on this machine');
        const blocks = readPageBlocks(await (await request.get(path)).text(), path).filter(
          (block) => claimantsOf(block)[0] === entry,
        );
        expect(blocks.length, `${path} shows "${entry.name}"`).toBeGreaterThan(0);
        for (const { code } of blocks) await runRegisteredBlock(entry.runner!, code, { request, baseURL: baseURL! });
      });
});

interface RunContext {
  request: APIRequestContext;
  baseURL: string;
}

async function runRegisteredBlock(runner: NonNullable<RegisteredBlock['runner']>, code: string, context: RunContext) {
  const env = { PATH: systemNodePath(), npm_config_cache: join(folder, 'npm-cache'), HOME: folder };
  switch (runner) {
    case 'sh':
    case 'node':
    case 'python': {
      const label = { sh: 'curl', node: 'JavaScript', python: 'Python' }[runner];
      const result =
        runner === 'sh'
          ? await runProcess('sh', ['-c', code], { PATH: env.PATH, npm_config_cache: env.npm_config_cache }, folder)
          : await runSample({ label, code, output: '' }, folder);
      expect(result.code, `${code}\n${result.stderr}`).toBe(0);
      await expectShownValues(code, result.stdout, context);
      return;
    }
    case 'library': {
      const install = await runProcess('npm', ['install', tarballUrlOf(await readCliPage(context))], env, folder);
      expect(install.code, install.stderr).toBe(0);
      writeFileSync(join(folder, LIBRARY_SAMPLE_FILE), code);
      const result = await runProcess('node', [LIBRARY_SAMPLE_FILE], env, folder);
      expect(result.code, result.stderr).toBe(0);
      const { data } = (await (await context.request.get('/api/v1/platforms')).json()) as {
        data: { id: string; targetTypes: string[] }[];
      };
      expect(result.stdout).toBe(
        data.map((platform) => `${platform.id} ${platform.targetTypes.join(', ')}\n`).join(''),
      );
      return;
    }
    case 'earshot':
      return runExampleLines(code, context);
  }
}

/**
 * The examples of one command, each line in the shell its comment names (zsh, fish) or bash, with
 * the installed `earshot` on PATH and an empty home. The page tells the reader of a deployment
 * other than production to name it first (`export EARSHOT_BASE_URL=…`): the test reads that line
 * from the page and sets what it says. It puts its own local server where an example shows
 * `http://localhost:8888`, and does nothing else.
 */
async function runExampleLines(code: string, context: RunContext) {
  const { baseURL } = context;
  const told = /export EARSHOT_BASE_URL=([^\s<]+)/.exec(await readCliPage(context))?.[1];
  expect(told, 'the CLI page of a site other than production names it for the examples').toBe(baseURL);
  const lines = code.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('# ')) continue;
    const comment = lines[index - 1] ?? '';
    const shell = /\(run in fish\)/.test(comment) ? 'fish' : /^# Zsh:/.test(comment) ? 'zsh' : 'bash';
    const result = await runProcess(
      shell,
      ['-c', line.replaceAll('http://localhost:8888', baseURL)],
      { PATH: process.env.EARSHOT_CLI_PATH!, HOME: folder, EARSHOT_BASE_URL: told! },
      folder,
    );
    expect(result.code, `${shell}: ${line}\n${result.stderr}`).toBe(0);
    // Nothing on stderr but the notice of a breaking change the site announces (site-notices.ts).
    expect(await withoutSiteNotices(result.stderr, baseURL), `${shell}: ${line}`).toBe('');
  }
}

/** The CLI page as served. */
async function readCliPage({ request }: RunContext) {
  return (await request.get('/docs/cli/')).text();
}

/** The tarball URL the CLI page's library install line names. */
function tarballUrlOf(html: string): string {
  const line = readPageBlocks(html, '/docs/cli/')
    .map((block) => block.code)
    .find((code) => /^npm install (?!--global)\S+$/.test(code));
  return line!.split(' ').at(-1)!;
}

/**
 * What a block prints that the page or the server states: a header line (`ETag: …`, curl's
 * `etag: …`) is the header a HEAD of the block's URL answers with, JSON is what a GET of it
 * answers, and the value a block shows in its last line's comment (`# sha512-…`) is what it
 * printed last.
 */
async function expectShownValues(code: string, stdout: string, { request }: RunContext) {
  const url = /https?:\/\/\S+?\/api\/v1\/\w+/.exec(code)?.[0];
  if (url && /HEAD|--head/.test(code)) {
    const served = (await request.head(url, { headers: { accept: 'application/json' } })).headers();
    const printed = new Map(
      [...stdout.matchAll(/^(etag|ratelimit-policy): (.*?)\r?$/gim)].map(([, name, value]) => [
        name!.toLowerCase(),
        value,
      ]),
    );
    expect(printed.get('etag')).toBe(served.etag);
    expect(printed.get('ratelimit-policy')).toBe(served['ratelimit-policy']);
  }
  // A GET that prints the answer's JSON: the JSON the server serves.
  if (url && !/HEAD|--head/.test(code) && stdout.trimStart().startsWith('{'))
    expect(JSON.parse(stdout)).toEqual(await (await request.get(url)).json());
  const shown = /\n# (\S+)$/.exec(code)?.[1];
  if (shown) expect(stdout.trim().split('\n').at(-1)).toBe(shown);
}
