import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandHandlers } from '../../client/src/commands/index.ts';
import { commandDefinitions, flagDefinitions } from '../../client/src/definitions.ts';
import { exitCodeDefinitions } from '../../client/src/exit-codes.ts';

describe('the command definitions', () => {
  it('name exactly the commands that have a handler', () => {
    assert.deepEqual(
      commandDefinitions.map((command) => command.path.join(' ')).sort(),
      Object.keys(commandHandlers).sort(),
    );
  });

  it('give each command a one-line summary in sentence case without a trailing period, and examples', () => {
    for (const command of commandDefinitions) {
      assert.match(command.summary, /^[A-Z][^\n]*[^.]$/, command.summary);
      assert.ok(command.examples.length > 0);
      for (const example of command.examples)
        // It may be a line of several commands (`mkdir -p ~/.zfunc && earshot completion zsh > …`).
        assert.ok(example.command.includes(`earshot ${command.path.join(' ')}`), example.command);
    }
  });

  it('only refer to flags that exist', () => {
    for (const command of commandDefinitions) {
      for (const name of command.flags)
        assert.ok(
          flagDefinitions.some((flag) => flag.name === name),
          name,
        );
    }
  });

  it('give every exit code its own number', () => {
    const codes = exitCodeDefinitions.map(({ code }) => code);
    assert.deepEqual(codes, [...new Set(codes)]);
  });
});
