/**
 * The discovery files of this build, from the docs' facts: the MCP Server Card and the Agent
 * Skills. Each page that serves one (site/pages/.well-known/) and each file that links to one
 * calls these, so that a file and its announcements cannot disagree.
 */
import { describePendingChanges } from '../docs/pending-changes-text.ts';
import type { McpServerCard } from '../../../contract/schemas/index.ts';
import { earshotTools } from '../../../client/src/mcp/mcp-tools.ts';
import { loadDocsFacts } from '../docs/docs-facts.ts';
import { buildMcpServerCard, MCP_SERVER_CARD_PATH, readMcpProtocolVersions } from '../mcp/build-mcp-server-card.ts';
import { createMcpEndpoint } from '../mcp/mcp-endpoint.ts';
import { toPublishedDataSource } from '../mcp/published-answers.ts';
import { buildPublishedAnswers } from '../mcp/write-published-answers.ts';
import { loadSiteContext } from '../site-context.ts';
import { agentSkillFilePath, type AgentSkill } from './build-agent-skills-index.ts';
import { buildSkillMd, describeEarshotSkill, EARSHOT_SKILL_NAME } from './build-skill-md.ts';

let card: Promise<McpServerCard> | undefined;

/** The card, made once per build: both of its paths serve the same bytes. */
export function loadMcpServerCard(): Promise<McpServerCard> {
  card ??= makeMcpServerCard();
  return card;
}

async function makeMcpServerCard(): Promise<McpServerCard> {
  const facts = loadDocsFacts();
  const answers = buildPublishedAnswers(loadSiteContext());
  // The endpoint as netlify/functions/mcp.ts builds it, over this build's answers.
  const endpoint = await createMcpEndpoint({
    source: toPublishedDataSource(answers),
    version: answers.serverVersion,
    allowedOrigin: answers.baseUrl,
  });
  return buildMcpServerCard({
    protocolVersions: await readMcpProtocolVersions(endpoint, facts.mcp.endpointUrl),
    baseUrl: facts.baseUrl,
    productionBaseUrl: facts.product.baseUrl,
    configuration: facts.mcpConfiguration,
    version: facts.cliPackage.version,
    docsUrl: `${facts.baseUrl}/docs/mcp/`,
  });
}

/** Every Agent Skill this site publishes, with the bytes of each file. */
export function loadAgentSkills(): AgentSkill[] {
  const facts = loadDocsFacts();
  const { baseUrl, product } = facts;
  const markdown = buildSkillMd({
    productName: product.name,
    productDescription: product.description,
    baseUrl,
    endpoints: facts.endpoints,
    rateLimitText: facts.rateLimit.text,
    openApiUrl: facts.openApiUrl,
    openApiVersion: facts.openApiVersion,
    llmsTxtUrl: `${baseUrl}/llms.txt`,
    llmsFullTxtUrl: `${baseUrl}/llms-full.txt`,
    retryRuleText: facts.retryRule.text,
    docsUrl: facts.resourceLinks.documentation,
    mcp: {
      endpointUrl: facts.mcp.endpointUrl,
      configurationUrl: facts.resourceLinks.mcp,
      serverCardUrl: `${baseUrl}${MCP_SERVER_CARD_PATH}`,
      tools: earshotTools.map((tool) => tool.name),
    },
    cli: {
      installGlobal: facts.cliPackage.installGlobal,
      npxPlatforms: facts.cliPackage.npx('platforms'),
      docsUrl: facts.resourceLinks.cli,
    },
    tooManyRequestsBody: facts.tooManyRequestsBody,
    pendingChanges: describePendingChanges(baseUrl),
  });
  return [
    {
      name: EARSHOT_SKILL_NAME,
      description: describeEarshotSkill(product.name),
      files: [{ path: 'SKILL.md', bytes: new TextEncoder().encode(markdown) }],
    },
  ];
}

/** The site paths of every skill file, for the pages that serve them. */
export function agentSkillFiles(): { name: string; path: string; sitePath: string; bytes: Uint8Array }[] {
  return loadAgentSkills().flatMap(({ name, files }) =>
    files.map(({ path, bytes }) => ({ name, path, sitePath: agentSkillFilePath(name, path), bytes })),
  );
}
