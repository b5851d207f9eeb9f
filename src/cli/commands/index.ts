import type { CommandHandler } from './command-context.ts';
import { showCapabilities } from './show-capabilities.ts';
import { showLinks } from './show-links.ts';
import { showMcpConfig } from './show-mcp-config.ts';
import { showOpenApi } from './show-openapi.ts';
import { showPlatforms } from './show-platforms.ts';

/**
 * What each command in `definitions.ts` does, by its words joined with a space. A command that
 * needs a heavy dependency (the MCP server and its SDK) imports it inside its handler, so that
 * the other commands never load it.
 */
export const commandHandlers: Readonly<Record<string, CommandHandler>> = {
  platforms: showPlatforms,
  capabilities: showCapabilities,
  openapi: showOpenApi,
  links: showLinks,
  'mcp config': showMcpConfig,
  mcp: (context) => import('./mcp-server.ts').then((module) => module.runMcpServer(context)),
};
