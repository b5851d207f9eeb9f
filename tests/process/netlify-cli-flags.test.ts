import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';

/**
 * The README's manual deploy, held to the netlify-cli version it pins: every flag of every
 * `npx netlify-cli@<version> <command>` line is one that version's own `<command> --help` lists,
 * and the key the README reads from `--json` is the one that version prints. The deploy itself
 * needs an account and a token, which no test here has. Runs the CLI as the README does (`npx`):
 * the first run installs it into npm's cache (354 MB, about 80 s); then each `--help` takes 3-4 s.
 */
const readme = readFileSync('README.md', 'utf8');
const section = readme.slice(readme.indexOf('## Deploying from nothing'), readme.indexOf('## Releasing the client'));
const lines = /```sh\n([\s\S]*?)```/
  .exec(section)![1]!
  .trim()
  .split('\n')
  .filter((line) => line.startsWith('npx netlify-cli@'));
const versions = new Set(lines.map((line) => /^npx (netlify-cli@\S+) /.exec(line)![1]!));
const [pinned] = versions;
const npx = (args: string[]) => {
  const result = spawnSync('npx', ['--yes', ...args], { encoding: 'utf8', timeout: 600_000 });
  assert.equal(result.status, 0, `npx ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
};

describe(`README: the manual deploy, against ${pinned}`, () => {
  it('pins one version, exactly', () => {
    assert.ok(lines.length >= 2);
    assert.equal(versions.size, 1);
    assert.match(pinned!, /^netlify-cli@\d+\.\d+\.\d+$/);
  });

  for (const line of lines) {
    const [, command] = / (\S+)/.exec(line.slice(`npx ${pinned}`.length))!;
    const flags = [...line.replace(/ [>|].*$/, '').matchAll(/ (--[a-z-]+)/g)].map((match) => match[1]!);
    it(`${command}: ${flags.join(' ')} are flags of \`${command} --help\``, () => {
      const help = npx([pinned!, command!, '--help']);
      const listed = new Set([...help.matchAll(/^\s+(?:-\w, )?(--[a-z-]+)/gm)].map((match) => match[1]!));
      for (const flag of flags) assert.ok(listed.has(flag), `${flag} is not an option of ${pinned} ${command}`);
    });
  }

  it('prints `deploy_url` with --json, the key the README reads for the smoke check', () => {
    assert.match(section, /require\('\.\/draft\.json'\)\.deploy_url/);
    const bin = npx(['-p', pinned!, '-c', 'realpath "$(command -v netlify)"']).trim();
    const deploy = readFileSync(join(dirname(bin), '..', 'dist', 'commands', 'deploy', 'deploy.js'), 'utf8');
    assert.match(deploy, /deploy_url: results\.deployUrl/);
  });
});
