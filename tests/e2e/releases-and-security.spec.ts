import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import type { ReleaseManifest } from '../../contract/schemas/index.ts';
import { RELEASES_DIR, sbomFileName } from '../../site/lib/cli-package/releases.ts';
import { SECURITY_TXT_PATH } from '../../site/lib/discovery/build-security-txt.ts';
import { SECURITY_HEADERS } from '../../site/lib/edge/security-headers.ts';
import { readPageBlocks } from '../support/code-block-register.ts';
import { installCliFromUrl, runProcess } from '../support/install-cli.ts';
import { parseSecurityTxt } from '../support/security-txt.ts';

const committed = JSON.parse(readFileSync(join(RELEASES_DIR, 'manifest.json'), 'utf8')) as ReleaseManifest;
const securityHeaders = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
);

test.describe('the releases, served', () => {
  test('every recorded release is served at its URL, byte for byte the kept tarball and bundle, with its SBOM beside it', async ({
    request,
  }) => {
    for (const record of committed.releases) {
      const response = await request.get(`${RELEASE_PATHS.tarballDirectory}${record.fileName}`);
      expect(response.status(), record.fileName).toBe(200);
      expect(Buffer.compare(await response.body(), readFileSync(join(RELEASES_DIR, record.fileName)))).toBe(0);
      if (record.bundle) {
        const bundle = await request.get(`${RELEASE_PATHS.tarballDirectory}${record.bundle.fileName}`);
        expect(bundle.status(), record.bundle.fileName).toBe(200);
        const bytes = await bundle.body();
        expect(Buffer.compare(bytes, readFileSync(join(RELEASES_DIR, record.bundle.fileName)))).toBe(0);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.bundle.sha256);
      }
      const sbom = await request.get(`${RELEASE_PATHS.tarballDirectory}${sbomFileName(record.fileName)}`);
      expect(sbom.status(), sbomFileName(record.fileName)).toBe(200);
      expect(((await sbom.json()) as { bomFormat: string }).bomFormat).toBe('CycloneDX');
    }
  });

  test("the manifest is the repository's file, and sha256sum checks every release against SHA256SUMS", async ({
    request,
  }) => {
    const manifest = await request.get(RELEASE_PATHS.manifest);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['access-control-allow-origin']).toBe('*');
    expect(await manifest.text()).toBe(readFileSync(join(RELEASES_DIR, 'manifest.json'), 'utf8'));

    const downloads = mkdtempSync(join(tmpdir(), 'earshot-downloads-'));
    try {
      const files = committed.releases.flatMap((record) => [record, ...(record.bundle ? [record.bundle] : [])]);
      for (const { fileName } of files) {
        const download = await request.get(`${RELEASE_PATHS.tarballDirectory}${fileName}`);
        writeFileSync(join(downloads, fileName), await download.body());
      }
      const sums = await (await request.get(RELEASE_PATHS.sha256sums)).text();
      // As the docs show it: the checksums piped into sha256sum, next to the downloaded files.
      const check = spawnSync('sha256sum', ['--check', '--strict', '-'], {
        cwd: downloads,
        input: sums,
        encoding: 'utf8',
      });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      expect(check.stdout.trim().split('\n')).toEqual(files.map(({ fileName }) => `${fileName}: OK`));
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});

test('the security page shows SHA256SUMS as served, line for line and in its order', async ({ request }) => {
  const sums = await (await request.get(RELEASE_PATHS.sha256sums)).text();
  const blocks = readPageBlocks(await (await request.get('/docs/security/')).text(), '/docs/security/');
  expect(blocks.map(({ code }) => code)).toContain(sums.trimEnd());
});

test.describe('what users already installed', () => {
  const current = (JSON.parse(readFileSync('client/package.json', 'utf8')) as { version: string }).version;
  for (const record of committed.releases.filter(({ version }) => version !== current))
    test(`earshot ${record.version}, installed from its served URL on the machine's Node, still reads this site`, async ({
      request,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const installed = await installCliFromUrl(`${baseURL}${RELEASE_PATHS.tarballDirectory}${record.fileName}`);
      try {
        const earshot = (...args: string[]) =>
          runProcess(installed.bin, [...args, '--base-url', baseURL!], { PATH: installed.path });
        const platforms = await earshot('platforms', '--json');
        expect(platforms.stderr).not.toMatch(/^error:/m);
        expect(platforms.code).toBe(0);
        expect(JSON.parse(platforms.stdout)).toEqual(await (await request.get('/api/v1/platforms')).json());
        // The configuration grew (the MCP Bundle) and the answers may carry a change notice: an older
        // client reads past what it does not know.
        for (const args of [
          ['capabilities'],
          ['links'],
          ['mcp', 'config'],
          ['mcp', 'config', '--transport', 'stdio'],
        ]) {
          const run = await earshot(...args);
          expect(run.stderr, args.join(' ')).not.toMatch(/^error:/m);
          expect(run.code, args.join(' ')).toBe(0);
          expect(run.stdout, args.join(' ')).not.toBe('');
        }
      } finally {
        rmSync(installed.root, { recursive: true, force: true });
      }
    });
});

test.describe('security', () => {
  test('security.txt is served as text/plain with a contact, a policy page that exists, and an expiry within a year', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get(SECURITY_TXT_PATH);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain; charset=utf-8$/i);
    const { fields, bad } = parseSecurityTxt(await response.text());
    expect(bad).toEqual([]);
    const field = (name: string) => fields.find(([key]) => key === name)?.[1];
    expect(field('Contact')).toMatch(/^mailto:\S+@\S+$/);
    expect(field('Canonical')).toBe(`${baseURL}${SECURITY_TXT_PATH}`);
    const expires = Date.parse(field('Expires')!);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 24 * 60 * 60 * 1000);
    const policy = new URL(field('Policy')!);
    const page = await request.get(policy.pathname);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(`id="${policy.hash.slice(1)}"`);
  });

  const answers: [string, string, { method?: string; data?: string; headers?: Record<string, string> }][] = [
    ['a page', '/', {}],
    ['a docs page', '/docs/security/', {}],
    ['the not-found page', '/no-such-page', {}],
    ['an API answer', '/api/v1/platforms', { headers: { Accept: 'application/json' } }],
    ['the JSON 404', '/api/nope', {}],
    ['the JSON 405 (a function)', '/api/v1/platforms', { method: 'POST', data: '{}' }],
    [
      'a CORS preflight (a function)',
      '/openapi.json',
      { method: 'OPTIONS', headers: { Origin: 'https://example.com' } },
    ],
    [
      'the MCP endpoint (a function)',
      '/mcp',
      {
        method: 'POST',
        data: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      },
    ],
    ['security.txt', SECURITY_TXT_PATH, {}],
    ['the release manifest', RELEASE_PATHS.manifest, {}],
  ];
  for (const [kind, path, options] of answers)
    test(`${kind} carries HSTS, COOP and CORP`, async ({ request }) => {
      const response = await request.fetch(path, { method: 'GET', ...options });
      expect(response.headers()).toMatchObject(securityHeaders);
    });
});
