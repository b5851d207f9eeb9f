import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { resolveBaseUrl } from '../../site/lib/api/resolve-base-url.ts';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';

/**
 * The README's "Deploying from nothing", held to what it names: what `netlify.toml` already sets,
 * the one variable production needs and what it does, and commands whose folders and addresses are
 * the project's. The deploy itself needs a Netlify account and a token, which no test here has.
 */
const readme = readFileSync('README.md', 'utf8');
const section = readme.slice(readme.indexOf('## Deploying from nothing'), readme.indexOf('## Releasing the client'));
/** The section's prose on one line, whatever its wrapping. */
const prose = section.replace(/\s+/g, ' ');
const config = readNetlifyConfig();
const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
const commands = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim().split('\n');

describe('README: Deploying from nothing', () => {
  it('states what netlify.toml sets: the build command, the publish folder, the Node version, the functions folder', () => {
    assert.ok(prose.includes(`the build command (\`${config.build!.command}\`)`), 'build command');
    assert.ok(prose.includes(`the publish folder (\`${config.build!.publish}\`)`), 'publish folder');
    assert.ok(prose.includes(`Node ${config.build!.environment!.NODE_VERSION}`), 'Node version');
    assert.ok(prose.includes(`the functions folder (\`${config.functions!.directory}\`)`), 'functions folder');
  });

  it('names the production address of data/product.json in the variable, the build and the smoke check', () => {
    assert.ok(prose.includes(`\`SITE_URL=${product.baseUrl}\``));
    assert.equal(commands[3], `CONTEXT=production SITE_URL=${product.baseUrl} npm run build`);
    assert.equal(commands[5], `npm run smoke -- ${product.baseUrl} --burst`);
  });

  it('builds the draft to link to the address its alias gives it, and smokes the URL the CLI prints', () => {
    const [, site] = / --site (\S+) /.exec(commands[1]!)!;
    const [, alias] = / --alias (\S+) /.exec(commands[1]!)!;
    assert.equal(
      commands[0],
      `npm ci && CONTEXT=deploy-preview SITE_URL=https://${alias}--${site}.netlify.app npm run build`,
    );
    assert.match(commands[1]!, / --json > draft\.json$/);
    assert.equal(commands[2], `npm run smoke -- "$(node -p "require('./draft.json').deploy_url")"`);
  });

  it('deploys the build above it (--no-build), to the site it names, draft first, production last', () => {
    const deploys = commands.filter((command) => command.includes(' deploy '));
    assert.equal(deploys.length, 2);
    for (const deploy of deploys) {
      assert.match(deploy, /^npx netlify-cli@\d+\.\d+\.\d+ deploy --no-build /);
      assert.match(deploy, / --site \S+ /);
    }
    assert.doesNotMatch(deploys[0]!, / --prod/);
    assert.match(deploys[1]!, / --prod /);
    assert.equal(commands.indexOf(deploys[0]!), 1);
    assert.equal(commands.indexOf(deploys[1]!), 4);
  });

  it('the variable names production links, and previews (where it is not set) keep linking to themselves', () => {
    const netlifyAddress = 'https://earshot-dev.netlify.app';
    assert.equal(
      resolveBaseUrl({ CONTEXT: 'production', URL: netlifyAddress, SITE_URL: product.baseUrl }, product.baseUrl),
      product.baseUrl,
    );
    const preview = 'https://deploy-preview-7--earshot-dev.netlify.app';
    assert.equal(
      resolveBaseUrl({ CONTEXT: 'deploy-preview', URL: netlifyAddress, DEPLOY_PRIME_URL: preview }, product.baseUrl),
      preview,
    );
  });

  it('deploys with one exact netlify-cli version, the publish folder and the functions folder of netlify.toml', () => {
    const deploys = commands.filter((command) => command.includes(' deploy '));
    assert.equal(new Set(deploys.map((deploy) => /^npx (netlify-cli@\S+) /.exec(deploy)![1])).size, 1);
    for (const deploy of deploys)
      assert.ok(deploy.includes(` --dir ${config.build!.publish} --functions ${config.functions!.directory}`), deploy);
  });
});
