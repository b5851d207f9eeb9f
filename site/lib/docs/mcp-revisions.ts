/**
 * The MCP protocol revisions the remote endpoint answers, and how a client of each starts, as every
 * page, `/llms.txt` and the skill say them: read from the MCP Server Card of this build, which asks
 * the endpoint itself (`readMcpProtocolVersions`), so that an SDK upgrade changes every sentence
 * with the endpoint. tests/e2e/mcp.spec.ts sends what these sentences say to `/mcp`.
 */
import { loadMcpServerCard } from '../discovery/site-discovery-files.ts';
import { REVISION_WITHOUT_HEADER, STATELESS_REVISION } from '../../../client/src/mcp/mcp-revision-rules.ts';

/** The revisions, newest first. */
export async function loadMcpRevisions(): Promise<string[]> {
  const card = await loadMcpServerCard();
  return card.remotes?.[0]?.supportedProtocolVersions ?? [];
}

/** The newest revision that has `initialize`: what an `initialize` asking for a newer one is answered with. */
export function findNewestInitializeRevision(revisions: readonly string[]): string | undefined {
  return revisions.find((revision) => revision < STATELESS_REVISION);
}

/** How a client of each revision starts, in sentences. */
export function describeMcpHandshake(revisions: readonly string[]): string[] {
  const newest = findNewestInitializeRevision(revisions);
  return [
    `A ${STATELESS_REVISION} client starts with \`server/discover\`, and names each request's method in the \`Mcp-Method\` header and its tool or resource in \`Mcp-Name\`.`,
    `A client of an earlier revision starts with \`initialize\`. An \`initialize\` that asks for ${STATELESS_REVISION} is answered with ${newest}.`,
    `A request without \`MCP-Protocol-Version\` is read as ${REVISION_WITHOUT_HEADER}.`,
  ];
}
