/**
 * The MCP Server Card of the remote endpoint, made from the facts `/mcp.json` and the server itself
 * are made from: the endpoint's URL is the one `/mcp.json` names (buildMcpConfiguration), the
 * name, title, capabilities, instructions, tools and resources are the ones the server answers
 * `initialize`, `tools/list` and `resources/list` with (client/src/mcp/), the version is the client
 * package's, and the protocol revisions are the ones the endpoint answers (readMcpProtocolVersions).
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127 (SEP-2127)
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { McpConfiguration, McpServerCard } from '../../../contract/schemas/index.ts';
import {
  describeEarshotMcpServer,
  MCP_SERVER_CAPABILITIES,
  MCP_SERVER_IDENTITY,
} from '../../../client/src/mcp/create-mcp-server.ts';
import { earshotResources } from '../../../client/src/mcp/mcp-resources.ts';
import { describeServerIcon } from '../../../client/src/mcp/server-icon.ts';
import { earshotTools } from '../../../client/src/mcp/mcp-tools.ts';
import type { McpEndpoint } from './mcp-endpoint.ts';
import { STATELESS_REVISION } from '../../../client/src/mcp/mcp-revision-rules.ts';

/** Where the draft puts the card (SEP-2127, ".well-known URI"). */
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card';

/** Where crawlers probe for it today (the agent-readiness scanners): the same bytes. */
export const MCP_SERVER_CARD_JSON_PATH = '/.well-known/mcp/server-card.json';

const MCP_SERVER_CARD_FORMAT = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export interface McpServerCardInput {
  /** This build's base URL. */
  baseUrl: string;
  /** The production base URL (`data/product.json`): the card's name is the same on every deploy. */
  productionBaseUrl: string;
  /** What this build publishes at `/mcp.json`. */
  configuration: McpConfiguration;
  /** The client package's version, which the server reports as its own. */
  version: string;
  /** The protocol revisions the endpoint answers (readMcpProtocolVersions). */
  protocolVersions: string[];
  /** Where people read how to connect. */
  docsUrl: string;
}

const clientInfo = { name: 'earshot-build', version: '1.0.0' };

/** Asks the endpoint one JSON-RPC request of `revision`, and reads the answer's `result`. */
async function ask(
  endpoint: McpEndpoint,
  endpointUrl: string,
  revision: string,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const stateless = method === 'server/discover';
  const response = await endpoint(
    new Request(endpointUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(stateless ? { 'MCP-Protocol-Version': revision, 'Mcp-Method': method } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }),
  );
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? (/^data: (.*)$/m.exec(text)?.[1] ?? '{}')
    : text;
  return (JSON.parse(json) as { result?: Record<string, unknown> }).result;
}

/**
 * The protocol revisions the endpoint answers, newest first, as the endpoint itself says: the
 * stateless revisions its `server/discover` lists, and each revision of its SDK that an
 * `initialize` asking for it is answered with. Asked in-process, of the very handler `/mcp` runs,
 * so that an SDK upgrade changes the card with the endpoint.
 */
export async function readMcpProtocolVersions(endpoint: McpEndpoint, endpointUrl: string): Promise<string[]> {
  const modern = STATELESS_REVISION;
  const meta = {
    'io.modelcontextprotocol/protocolVersion': modern,
    'io.modelcontextprotocol/clientInfo': clientInfo,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const discovered = await ask(endpoint, endpointUrl, modern, 'server/discover', { _meta: meta });
  const stateless = discovered?.supportedVersions;
  if (!Array.isArray(stateless) || !stateless.every((version) => typeof version === 'string'))
    throw new Error(
      `the MCP endpoint's server/discover named no supportedVersions (got ${JSON.stringify(discovered)})`,
    );
  const initialized: string[] = [];
  for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
    const result = await ask(endpoint, endpointUrl, version, 'initialize', {
      protocolVersion: version,
      capabilities: {},
      clientInfo,
    });
    if (result?.protocolVersion === version) initialized.push(version);
  }
  return [...new Set([...stateless, ...initialized])].sort().reverse();
}

/**
 * The server's name in the MCP Registry's reverse-DNS form, the same on every deploy:
 * `dev.earshot/earshot` for https://earshot.dev. The registry checks that the publisher controls
 * that domain (DNS or HTTP).
 */
export function describeMcpRegistryName(productionBaseUrl: string): string {
  const namespace = new URL(productionBaseUrl).hostname.split('.').reverse().join('.');
  return `${namespace}/${MCP_SERVER_IDENTITY.name}`;
}

/** The MCP Bundle as a server.json `Package`: a stdio server, downloaded and checked against its SHA-256. */
function describeBundlePackage(bundle: NonNullable<McpConfiguration['bundle']>, version: string) {
  return {
    registryType: 'mcpb' as const,
    identifier: bundle.url,
    version,
    fileSha256: bundle.sha256,
    transport: { type: 'stdio' as const },
  };
}

export function buildMcpServerCard(input: McpServerCardInput): McpServerCard {
  const { bundle } = input.configuration;
  return {
    $schema: MCP_SERVER_CARD_FORMAT,
    name: describeMcpRegistryName(input.productionBaseUrl),
    version: input.version,
    description: describeEarshotMcpServer(input.baseUrl),
    title: MCP_SERVER_IDENTITY.title,
    websiteUrl: input.docsUrl,
    icons: [describeServerIcon(input.baseUrl)],
    remotes: [
      {
        type: 'streamable-http',
        url: input.configuration.mcpServers.earshot.url,
        supportedProtocolVersions: input.protocolVersions,
        // The API protects nothing: no key, no OAuth (see the authentication docs page).
        authentication: { required: false, schemes: [] },
      },
    ],
    ...(bundle ? { packages: [describeBundlePackage(bundle, input.version)] } : {}),
    capabilities: structuredClone(MCP_SERVER_CAPABILITIES),
    // The schemas as `tools/list` publishes them; `type: 'object'` restated for the type checker
    // (every tool schema is an object schema, which the card's schema checks at build).
    tools: earshotTools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema: { ...inputSchema, type: 'object' as const },
      outputSchema: { ...outputSchema, type: 'object' as const },
      annotations: { ...annotations },
    })),
    resources: earshotResources.map(({ uri, name, title, description, mimeType }) => ({
      uri,
      name,
      title,
      description,
      mimeType,
    })),
  };
}
