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
    assert.equal(commands[0], `npm ci && CONTEXT=production SITE_URL=${product.baseUrl} npm run build`);
    assert.equal(commands[2], `npm run smoke -- ${product.baseUrl} --burst`);
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

  it('deploys with an exact netlify-cli version, the publish folder and the functions folder of netlify.toml', () => {
    assert.match(commands[1]!, /^npx netlify-cli@\d+\.\d+\.\d+ deploy --prod /);
    assert.ok(commands[1]!.endsWith(` --dir ${config.build!.publish} --functions ${config.functions!.directory}`));
  });
});
