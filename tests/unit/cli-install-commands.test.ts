import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCliInstallCommands, exampleForSite } from '../../site/lib/cli-package/cli-tarball.ts';

const tarball = { path: '/cli/earshot-1.0.0-0123456789.tgz' };
const production = 'https://earshot.dev';

describe('the install and run lines a deployment prints', () => {
  const cases = [
    {
      name: 'production: short, since the client reads the production API by default',
      baseUrl: production,
      npx: `npx -y ${production}${tarball.path} platforms`,
      run: 'earshot platforms',
    },
    {
      name: 'a deploy preview: its own address, so the lines read the API the page documents',
      baseUrl: 'https://deploy-preview-7--earshot.netlify.app',
      npx: 'npx -y https://deploy-preview-7--earshot.netlify.app/cli/earshot-1.0.0-0123456789.tgz platforms --base-url https://deploy-preview-7--earshot.netlify.app',
      run: 'earshot platforms --base-url https://deploy-preview-7--earshot.netlify.app',
    },
    {
      name: 'the local server',
      baseUrl: 'http://localhost:8888',
      npx: 'npx -y http://localhost:8888/cli/earshot-1.0.0-0123456789.tgz platforms --base-url http://localhost:8888',
      run: 'earshot platforms --base-url http://localhost:8888',
    },
  ];
  for (const { name, baseUrl, npx, run } of cases) {
    it(name, () => {
      const commands = buildCliInstallCommands(baseUrl, tarball, production);
      assert.equal(commands.npx('platforms'), npx);
      assert.equal(commands.run('platforms'), run);
      assert.equal(commands.installGlobal, `npm install --global ${baseUrl}${tarball.path}`);
    });
  }
});

describe("each command's examples on /docs/cli/ read the API of the site that shows them", () => {
  const PRODUCTION_SITE = 'https://earshot.dev';
  const LOCAL = 'http://localhost:8888';
  const cases: [string, string, boolean, string][] = [
    ['a plain command', 'earshot platforms', true, `earshot platforms --base-url ${LOCAL}`],
    [
      'a pipe',
      "earshot platforms --json | jq -r '.data[].name'",
      true,
      `earshot platforms --base-url ${LOCAL} --json | jq -r '.data[].name'`,
    ],
    [
      'a subcommand and a redirect',
      'earshot mcp config > .mcp.json',
      true,
      `earshot mcp config --base-url ${LOCAL} > .mcp.json`,
    ],
    [
      'after &&',
      'mkdir -p .vscode && earshot mcp config --client vscode > .vscode/mcp.json',
      true,
      `mkdir -p .vscode && earshot mcp config --base-url ${LOCAL} --client vscode > .vscode/mcp.json`,
    ],
    [
      'an example that names its own site',
      'earshot capabilities --base-url http://localhost:8888',
      true,
      'earshot capabilities --base-url http://localhost:8888',
    ],
    ['a command without --base-url', 'earshot help platforms', false, 'earshot help platforms'],
  ];
  for (const [name, example, takesBaseUrl, shown] of cases) {
    it(`${name}: on another site, ${shown}`, () =>
      assert.equal(exampleForSite(example, takesBaseUrl, LOCAL, PRODUCTION_SITE), shown));
    it(`${name}: on production, as written`, () =>
      assert.equal(exampleForSite(example, takesBaseUrl, PRODUCTION_SITE, PRODUCTION_SITE), example));
  }
});
