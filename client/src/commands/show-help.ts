import { renderCommandHelp, renderProgramHelp } from '../render-help.ts';
import { resolveCommand } from '../parse-argv.ts';
import { describeUnknownCommand } from '../usage-problems.ts';
import type { LocalCommandHandler } from './command-context.ts';

/** `earshot help [command…]`: the same text as `earshot [command…] --help`. */
export const showHelp: LocalCommandHandler = ({ args, stdout, style, width }) => {
  const resolved = resolveCommand(args);
  if (resolved.kind === 'root') {
    stdout.write(renderProgramHelp({ style, width }));
    return { ok: true };
  }
  const unknown = describeUnknownCommand(args);
  if (unknown) return { ok: false, usage: unknown };
  if (resolved.kind === 'unknown' || resolved.extra.length > 0) {
    return {
      ok: false,
      usage: { message: `no command "${args.join(' ')}"`, hint: 'run `earshot help` to see the commands' },
    };
  }
  stdout.write(renderCommandHelp(resolved.command, { style, width }));
  return { ok: true };
};
