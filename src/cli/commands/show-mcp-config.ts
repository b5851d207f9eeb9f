import { renderMcpClientSnippet, type McpClientId } from '../../lib/mcp/mcp-client-snippets.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';

/**
 * `earshot mcp config`: the configuration is itself JSON meant to be pasted, so the human output
 * is that JSON, indented; `--json` keeps the bytes as served. `--client <id>` converts it into
 * that client's own format, with the same function that renders the docs page's snippets.
 */
export const showMcpConfig: CommandHandler = async (context) => {
  const client = context.flags.get('client');
  return showAnswer(context, await context.client.getMcpConfiguration(), (configuration) =>
    typeof client === 'string' ? renderMcpClientSnippet(client as McpClientId, configuration).code : `${JSON.stringify(configuration, null, 2)}\n`,
  );
};
