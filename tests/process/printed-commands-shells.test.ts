import fc from 'fast-check';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { renderMcpClientSnippet } from '../../client/src/mcp/mcp-client-snippets.ts';
import { renderMcpInstallLinks } from '../../client/src/mcp/mcp-install-links.ts';
import type { McpConfiguration } from '../../contract/schemas/index.ts';

/**
 * Every shell command `earshot mcp config` prints (Claude Code's snippet, the install commands of
 * VS Code, Codex and Gemini CLI), run as printed by the real bash, dash, zsh and fish, with stub
 * commands that print the words they were given: whatever a server puts in the configuration
 * (globs, `~`, a leading `=`, braces, fish's `%self`, quotes, backslashes), each command gets
 * exactly those words.
 */
const SHELLS: [string, string[]][] = [
  ['bash', ['--norc', '--noprofile', '-c']],
  ['dash', ['-c']],
  ['zsh', ['-f', '-c']],
  ['fish', ['--no-config', '-c']],
];
const folder = mkdtempSync(join(tmpdir(), 'earshot-shells-'));
after(() => rmSync(folder, { recursive: true, force: true }));
for (const stub of ['claude', 'codex', 'code', 'gemini']) {
  writeFileSync(join(folder, stub), `#!/bin/sh\nfor word in "$@"; do printf '%s\\0' "$word"; done\n`);
  chmodSync(join(folder, stub), 0o755);
}
for (const file of ['a', 'b', 'ab']) writeFileSync(join(folder, file), '');

/** The words the stub received when `shell` ran `line` in a folder with files a glob would match. */
function wordsReceived([shell, flags]: [string, string[]], line: string): string[] {
  const result = spawnSync(shell, [...flags, line], {
    cwd: folder,
    env: { PATH: `${folder}:/usr/bin:/bin`, HOME: folder },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `${shell}: ${result.stderr}`);
  return result.stdout.split('\0').slice(0, -1);
}

/**
 * Printable characters, with every one that some shell gives a meaning to, and the words each
 * expands whole: fish's `%self` (its PID), `~` and `~user`, braces, `$` and `$(…)`, history's
 * `!`, zsh's `^` and `#` (extended globs), `=cmd` and glob qualifiers, a job's `%1`.
 */
const hostileWord = fc.string({
  unit: fc.constantFrom(
    ...'=~*?[]{},$`\\\'"!#%^&|;<>() @:+-./_',
    'a',
    'b',
    'é',
    '🚀',
    'ls',
    'touch',
    '%self',
    '%1',
    '~root',
    '~+',
    '{a,b}',
    '{1..2}',
    '$HOME',
    '$(ls)',
    '!!',
    '^a',
    'a#',
    '=ls',
    '*(N)',
  ),
  maxLength: 12,
});
const configuration = fc
  .record({ url: hostileWord, command: hostileWord, args: fc.array(hostileWord, { maxLength: 4 }) })
  .map(({ url, command, args }): McpConfiguration => ({
    mcpServers: { earshot: { type: 'http', url }, 'earshot-stdio': { type: 'stdio', command, args } },
  }));

/** What each printed command must pass on: the configuration's words, at the end of the stub's. */
function expectedTail(configuration: McpConfiguration, line: string): string[] {
  const { url } = configuration.mcpServers.earshot;
  const { command, args } = configuration.mcpServers['earshot-stdio'];
  if (line.startsWith('code ')) return [];
  if (line.includes(' http ') || line.includes('--url')) return [url];
  // Gemini CLI takes the command, then `--` before its arguments, so that none is read as its own option.
  return line.startsWith('gemini ') ? [command, '--', ...args] : [command, ...args];
}

function printedCommands(configuration: McpConfiguration): string[] {
  return (['http', 'stdio'] as const).flatMap((transport) => [
    renderMcpClientSnippet('claude-code', configuration, transport).code.trimEnd(),
    ...(['vscode', 'codex', 'gemini-cli'] as const).flatMap((client) =>
      renderMcpInstallLinks(client, configuration, transport)
        .filter(({ kind }) => kind === 'command')
        .map(({ text }) => text),
    ),
  ]);
}

describe('a printed command gives each word as the configuration has it, in every shell', () => {
  for (const shell of SHELLS)
    it(shell[0], () => {
      fc.assert(
        fc.property(configuration, (given) => {
          for (const line of printedCommands(given)) {
            const words = wordsReceived(shell, line);
            const tail = expectedTail(given, line);
            assert.deepEqual(words.slice(words.length - tail.length), tail, line);
            if (line.startsWith('code ')) {
              const { command, args } = given.mcpServers['earshot-stdio'];
              const server = JSON.parse(words[1]!) as Record<string, unknown>;
              if (server.type === 'stdio') assert.deepEqual([server.command, server.args], [command, args], line);
              else assert.equal(server.url, given.mcpServers.earshot.url, line);
            }
          }
        }),
        {
          numRuns: 25,
          seed: 40,
          examples: [
            [withWord('=touch')],
            [withWord('~')],
            [withWord('{a,b}')],
            [withWord('a\\')],
            [withWord('%self')],
            [withWord('a%self')],
          ],
        },
      );
    });
});

function withWord(word: string): McpConfiguration {
  return {
    mcpServers: {
      earshot: { type: 'http', url: word },
      'earshot-stdio': { type: 'stdio', command: word, args: [word, '*', `${word}x`] },
    },
  };
}
