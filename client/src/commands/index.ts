import type { CommandHandler, LocalCommandHandler } from './command-context.ts';
import { printCompletion } from './print-completion.ts';
import { showCapabilities } from './show-capabilities.ts';
import { showHelp } from './show-help.ts';
import { showLinks } from './show-links.ts';
import { showMcpConfig } from './show-mcp-config.ts';
import { showOpenApi } from './show-openapi.ts';
import { showPlatforms } from './show-platforms.ts';

/**
 * What each command in `definitions.ts` does, by its words joined with a space: an `api` command
 * gets a client of the API, a `local` one only its words and stdout. A command that needs a heavy
 * dependency (the MCP server and its SDK) imports it inside its handler, so that the other
 * commands never load it.
 */
export type CommandEntry = { kind: 'api'; run: CommandHandler } | { kind: 'local'; run: LocalCommandHandler };

const api = (run: CommandHandler): CommandEntry => ({ kind: 'api', run });
const local = (run: LocalCommandHandler): CommandEntry => ({ kind: 'local', run });

export const commandHandlers: Readonly<Record<string, CommandEntry>> = {
  platforms: api(showPlatforms),
  capabilities: api(showCapabilities),
  openapi: api(showOpenApi),
  links: api(showLinks),
  'mcp config': api(showMcpConfig),
  mcp: api((context) => import('./mcp-server.ts').then((module) => module.runMcpServer(context))),
  help: local(showHelp),
  completion: local(printCompletion),
};
