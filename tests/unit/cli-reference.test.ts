import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandHandlers } from '../../src/cli/commands/index.ts';
import { commandDefinitions, environmentVariableDefinitions, flagDefinitions, formatFlag } from '../../src/cli/definitions.ts';
import { exitCodeDefinitions } from '../../src/cli/exit-codes.ts';
import { renderCliReference } from '../../src/cli/render-cli-reference.ts';

describe('the command definitions', () => {
  it('name exactly the commands that have a handler', () => {
    assert.deepEqual(commandDefinitions.map((command) => command.path.join(' ')).sort(), Object.keys(commandHandlers).sort());
  });

  it('give each command a one-line summary in sentence case without a trailing period, and examples', () => {
    for (const command of commandDefinitions) {
      assert.match(command.summary, /^[A-Z][^\n]*[^.]$/, command.summary);
      assert.ok(command.examples.length > 0);
      for (const example of command.examples) assert.ok(example.command.startsWith(`earshot ${command.path.join(' ')}`), example.command);
    }
  });

  it('only refer to flags that exist', () => {
    for (const command of commandDefinitions) {
      for (const name of command.flags) assert.ok(flagDefinitions.some((flag) => flag.name === name), name);
    }
  });

  it('give every exit code its own number', () => {
    const codes = exitCodeDefinitions.map(({ code }) => code);
    assert.deepEqual(codes, [...new Set(codes)]);
  });
});

describe('renderCliReference', () => {
  const markdown = renderCliReference();

  it('documents install, every command with its examples, output, flags, environment and exit codes', () => {
    for (const heading of ['## Install', '## Commands', '## Output', '## Flags', '## Environment variables', '## Exit codes']) {
      assert.match(markdown, new RegExp(`^${heading}$`, 'm'));
    }
    for (const command of commandDefinitions) {
      assert.match(markdown, new RegExp(`^### \`earshot ${command.path.join(' ')}\`$`, 'm'));
      for (const example of command.examples) assert.ok(markdown.includes(`\n${example.command}\n`), example.command);
    }
    // GFM: a pipe in a table cell is escaped, inside code spans too.
    for (const flag of flagDefinitions) assert.ok(markdown.includes(`| \`${formatFlag(flag).replace(/\|/g, '\\|')}\` |`), flag.name);
    for (const variable of environmentVariableDefinitions) assert.ok(markdown.includes(`| \`${variable.name}\` |`), variable.name);
    for (const { code, meaning } of exitCodeDefinitions) assert.ok(markdown.includes(`| ${code} | ${meaning} |`), meaning);
  });

  it('keeps every table row to the number of columns of its header', () => {
    const tableLines = markdown.split('\n').filter((line) => line.startsWith('|'));
    for (const line of tableLines) {
      const cells = line.replace(/\\\|/g, '').split('|').length - 2;
      assert.equal(cells, 2, line);
    }
  });

  it('nests under the heading level it is given', () => {
    assert.match(renderCliReference({ headingLevel: 3 }), /^### Install$/m);
    assert.doesNotMatch(renderCliReference({ headingLevel: 3 }), /^## /m);
  });
});
