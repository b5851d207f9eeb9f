import { renderMcpClientSnippet, type McpClientId } from '../../shared/mcp-client-snippets.ts';
import { escapeJsonControls } from '../output/printable.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';

/**
 * `earshot mcp config`: the configuration is itself JSON meant to be pasted, so the human output
 * is that JSON, indented; `--json` keeps the bytes as served. `--client <id>` converts it into
 * that client's own format, with the same function that renders the docs page's snippets; it
 * wins over `--json`, as the more specific request.
 */
export const showMcpConfig: CommandHandler = async (context) => {
  const client = context.flags.get('client');
  const answer = await context.client.getMcpConfiguration();
  if (typeof client !== 'string') return showAnswer(context, answer, (configuration) => `${escapeJsonControls(JSON.stringify(configuration, null, 2))}\n`);
  return showAnswer({ ...context, json: false }, answer, (configuration) => renderMcpClientSnippet(client as McpClientId, configuration).code);
};
