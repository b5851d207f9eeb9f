import { renderCompletionScript, type CompletionShell } from '../completion.ts';
import type { LocalCommandHandler } from './command-context.ts';

/** `earshot completion <shell>`: the script on stdout, to save where the shell loads completions. */
export const printCompletion: LocalCommandHandler = ({ args, stdout }) => {
  // run() has checked the argument against the command's choices.
  stdout.write(renderCompletionScript(args[0] as CompletionShell));
  return { ok: true };
};
