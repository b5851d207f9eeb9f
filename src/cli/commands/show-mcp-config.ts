import { escapeJsonControls } from '../output/printable.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';

/**
 * `earshot mcp config`: the configuration is itself JSON meant to be pasted, so the human output
 * is that JSON, indented; `--json` keeps the bytes as served.
 */
export const showMcpConfig: CommandHandler = async (context) =>
  showAnswer(context, await context.client.getMcpConfiguration(), (configuration) => `${escapeJsonControls(JSON.stringify(configuration, null, 2))}\n`);
