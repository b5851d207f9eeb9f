/**
 * The MCP protocol revisions the remote endpoint answers, as every page, `/llms.txt` and the skill
 * name them: read from the MCP Server Card of this build, which asks the endpoint itself
 * (`readMcpProtocolVersions`), so that an SDK upgrade changes every sentence with the endpoint.
 */
import { loadMcpServerCard } from '../discovery/site-discovery-files.ts';

/** The revisions, newest first. */
export async function loadMcpRevisions(): Promise<string[]> {
  const card = await loadMcpServerCard();
  return card.remotes?.[0]?.supportedProtocolVersions ?? [];
}
