import { renderMcpClientSnippet, type McpClientId, type McpTransport } from '../mcp/mcp-client-snippets.ts';
import { renderMcpInstallLinks } from '../mcp/mcp-install-links.ts';
import { buildFacts } from '../baked/build-facts.ts';
import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import { toOneLine, type ClientError } from '../api/client-error.ts';
import { findUnprintable } from '../output/printable.ts';
import { whyNotSiteCommand } from '../output/site-command.ts';
import { whyNotSiteLink } from '../output/site-link.ts';
import { MCP_STDIO_SERVER_NAME } from '../../../contract/mcp-stdio-server.ts';
import { showAnswer, type CommandContext, type CommandHandler } from './command-context.ts';

/**
 * `earshot mcp config`: the configuration is itself JSON meant to be pasted, so the human output
 * is that JSON, indented; `--json` keeps the bytes as served. `--client <id>` converts it into
 * that client's own format, with the same function that renders the docs page's snippets: the
 * remote endpoint, or with `--transport stdio` the local server. Without `--client`, only the
 * entry of one way is printed: the remote endpoint's, or with `--transport stdio` the local
 * server's. `--client` and `--transport` win over `--json`, as the more specific request.
 *
 * On a terminal, `--client` also prints that client's one-step installs on stderr (a link the
 * terminal can open, or a command to run; for Claude Desktop's local server, the MCP Bundle), so
 * that a snippet redirected to a file stays the file.
 */
export const showMcpConfig: CommandHandler = async (context) => {
  const client = context.flags.get('client');
  const transport = context.flags.get('transport');
  const answer = await context.client.getMcpConfiguration();
  const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  // What this prints is pasted into a terminal or a configuration file and run: an answer that
  // holds a control or bidirectional character is refused, not printed changed.
  const refuse = { unprintable: 'refuse' } as const;
  // Printed, the remote endpoint reads as this site's (in snippets and install links): one on
  // another origin, or naming a user, is refused. `--json` alone prints the bytes as served.
  // An unprintable character is refused first, with its JSON Pointer (showAnswer).
  const printsAsServed = context.json && client === undefined && transport === undefined;
  const checksLinks = answer.ok && !printsAsServed && findUnprintable(answer.value) === undefined;
  const foreignEndpoint = answer.ok && checksLinks && foreignLink(answer, context, 'endpoint');
  if (foreignEndpoint) return { ok: false, error: foreignEndpoint };
  const foreignCommand = answer.ok && checksLinks && transport === 'stdio' && foreignServerCommand(answer, context);
  if (foreignCommand) return { ok: false, error: foreignCommand };
  if (typeof client === 'string') {
    const way = (transport ?? 'http') as McpTransport;
    const foreign =
      client === 'claude-desktop' &&
      way === 'stdio' &&
      answer.ok &&
      checksLinks &&
      foreignLink(answer, context, 'bundle');
    if (foreign) return { ok: false, error: foreign };
    const outcome = await showAnswer(
      { ...context, json: false },
      answer,
      (configuration) => renderMcpClientSnippet(client as McpClientId, configuration, way).code,
      refuse,
    );
    if (!outcome.ok || !answer.ok || !context.tty) return outcome;
    // Claude Code's snippet is its command already: nothing else to offer.
    const printed = renderMcpClientSnippet(client as McpClientId, answer.value, way).code.trimEnd();
    for (const install of renderMcpInstallLinks(client as McpClientId, answer.value, way))
      if (install.text !== printed)
        context.stderr.write(`${install.kind === 'link' ? 'or open' : 'or run'}: ${install.text}\n`);
    const { bundle } = answer.value;
    if (client === 'claude-desktop' && way === 'stdio' && bundle)
      context.stderr.write(
        `or open: ${bundle.url} (the MCP Bundle: Claude Desktop asks to install it${bundleBaseUrlStep(bundle.url)})\n`,
      );
    return outcome;
  }
  if (typeof transport === 'string')
    return showAnswer(
      { ...context, json: false },
      answer,
      (configuration) => asJson(keepTransport(configuration, transport as McpTransport)),
      refuse,
    );
  // A client needs one of the two: written to a file as it is (`> .mcp.json`), both would
  // register the same server twice, and a client would list it twice. The remote one needs nothing
  // installed. `--json` still prints the configuration exactly as served.
  return showAnswer(context, answer, (configuration) => asJson(withoutLocalServers(configuration)), refuse);
};

/** The links a printed configuration offers as this site's, by what they are. */
const SITE_LINKS = {
  endpoint: { named: 'a remote MCP endpoint', links: (value: McpConfiguration) => [value.mcpServers.earshot.url] },
  bundle: { named: 'an MCP Bundle', links: (value: McpConfiguration) => [value.bundle?.url] },
} as const;

/**
 * The remote endpoint and the MCP Bundle are offered as this site's:
 * a link to any of them on another origin, or with a user name in it, is refused rather than printed.
 */
function foreignLink(
  answer: { url: string; value: McpConfiguration },
  context: CommandContext,
  which: keyof typeof SITE_LINKS,
): ClientError | false {
  const { named, links } = SITE_LINKS[which];
  const why = links(answer.value)
    .map((link) => (link === undefined ? undefined : whyNotSiteLink(link, context.client.baseUrl)))
    .find((reason) => reason !== undefined);
  return why === undefined ? false : notTheSites(answer.url, `${named} that ${why}`);
}

/**
 * The local server's command is pasted and run: anything but the site's own command (npx, the
 * site's tarball, the client's arguments, a base URL on the site) is refused rather than printed.
 */
function foreignServerCommand(answer: { url: string; value: McpConfiguration }, context: CommandContext) {
  const why = whyNotSiteCommand(answer.value.mcpServers[MCP_STDIO_SERVER_NAME], context.client.baseUrl);
  return why === undefined ? false : notTheSites(answer.url, `a local server whose command ${why}`);
}

function notTheSites(url: string, what: string): ClientError {
  return {
    kind: 'bad-response',
    message: `the MCP configuration of ${toOneLine(url)} names ${what}; it is not printed as this site's`,
    hint: 'check that --base-url names the Earshot site; --json prints the configuration as served',
    details: [],
  };
}

/**
 * The bundle's server reads production unless told otherwise at install: a bundle served by
 * another site (a preview, `npm start`) says which base URL to give it.
 */
function bundleBaseUrlStep(bundleUrl: string): string {
  const site = URL.canParse(bundleUrl) ? new URL(bundleUrl).origin : undefined;
  return site === undefined || site === new URL(buildFacts.productionBaseUrl).origin
    ? ''
    : `; at install, set its API base URL to ${site}`;
}

/**
 * The served configuration without its stdio entries, so that a newer server's other remote kinds
 * pass through; all of it when it has nothing else (one entry is better than none).
 */
function withoutLocalServers(configuration: McpConfiguration) {
  const entries = Object.entries(configuration.mcpServers).filter(([, server]) => server.type !== 'stdio');
  return entries.length > 0 ? { mcpServers: Object.fromEntries(entries) } : configuration;
}

/** The served configuration with only the entry of one transport. */
function keepTransport(configuration: McpConfiguration, transport: McpTransport) {
  const entries = Object.entries(configuration.mcpServers).filter(([, server]) => server.type === transport);
  return { mcpServers: Object.fromEntries(entries) };
}
