import type { CompletionShell } from '../completion.ts';
import type { LocalCommandHandler } from './command-context.ts';

/** `earshot completion <shell>`: the script on stdout, to save where the shell loads completions. */
export const printCompletion: LocalCommandHandler = async ({ args, stdout }) => {
  // Loaded only by this command: no other needs the generators.
  const { renderCompletionScript } = await import('../completion.ts');
  // run() has checked the argument against the command's choices.
  stdout.write(renderCompletionScript(args[0] as CompletionShell));
  return { ok: true };
};
