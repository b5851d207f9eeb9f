import { readFileSync } from 'node:fs';
import { toShellLine } from '../../../client/src/mcp/mcp-client-snippets.ts';
import type { McpConfiguration } from '../../../contract/schemas/index.ts';

/** The MCP Inspector, the protocol's own debugging client, at the version the tests run. */
const INSPECTOR_PACKAGE = '@modelcontextprotocol/inspector';

/** Its version, exact, from this project's devDependencies: the docs name what the tests ran. */
export function readInspectorVersion(manifest = 'package.json'): string {
  const { devDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const version = devDependencies[INSPECTOR_PACKAGE];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(
      `${manifest}: devDependencies must pin ${INSPECTOR_PACKAGE} to an exact version (got ${JSON.stringify(version)})`,
    );
  return version;
}

/**
 * Commands that check the MCP server works, with no MCP client configured: the Inspector's CLI
 * mode lists the tools, over the remote endpoint or by starting the stdio server as a client
 * would. They run as printed in tests/e2e/mcp.spec.ts.
 */
export function buildInspectorCommands(configuration: McpConfiguration, inspectorVersion: string) {
  const inspector = ['npx', '-y', `${INSPECTOR_PACKAGE}@${inspectorVersion}`, '--cli'];
  const { command, args } = configuration.mcpServers['earshot-stdio'];
  return {
    remote: toShellLine([...inspector, configuration.mcpServers.earshot.url, '--method', 'tools/list']),
    stdio: toShellLine([...inspector, command, ...args, '--method', 'tools/list']),
  };
}
