import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCliInstallCommands } from '../../site/lib/cli-package/cli-tarball.ts';

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
