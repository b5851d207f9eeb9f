import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { API_CATALOG_PATH } from '../lib/discovery/build-api-catalog.ts';
import { markdownPathOf } from '../lib/discovery/build-llms-full-txt.ts';
import { publishedSchemas } from '../lib/discovery/published-schemas.ts';
import { buildLlmsTxt, type LlmsTxtPage } from '../lib/discovery/build-llms-txt.ts';
import { API_REFERENCE_BASE, docsPageSlugs } from '../lib/docs/docs-navigation.ts';
import { AGENT_SKILLS_INDEX_PATH } from '../lib/discovery/build-agent-skills-index.ts';
import { MCP_SERVER_CARD_PATH } from '../lib/mcp/build-mcp-server-card.ts';
import { REGISTRY_SERVER_JSON_PATH } from '../lib/mcp/build-registry-server-json.ts';
import { loadDocsFacts } from '../lib/docs/docs-facts.ts';
import { CHANGELOG_FEED_PATH } from '../lib/changelog/build-changelog-feed.ts';
import { describeMcpHandshake, loadMcpRevisions } from '../lib/docs/mcp-revisions.ts';
import { listInWords } from '../lib/text/list-in-words.ts';
import { describePendingChanges } from '../lib/docs/pending-changes-text.ts';

type DocsFacts = ReturnType<typeof loadDocsFacts>;

/** `GET /llms.txt`, generated from the docs pages (their titles and descriptions) at build time. */
export const GET: APIRoute = async () => {
  const facts = loadDocsFacts();
  const { product, baseUrl } = facts;
  // Each page's Markdown version (site/integrations/markdown-pages.ts): what an agent reads best.
  const pageUrl = (slug: string) => `${baseUrl}${markdownPathOf(`/${slug}/`)}`;
  const mcpRevisions = await loadMcpRevisions();
  const body = buildLlmsTxt({
    productName: product.name,
    productDescription: product.description,
    baseUrl,
    rateLimitText: facts.rateLimit.text,
    retryRuleText: facts.retryRule.text,
    answerLines: facts.answerLines,
    platformCount: facts.platforms.length,
    tooManyRequestsBody: facts.tooManyRequestsBody,
    mcpRevisions,
    mcpHandshake: describeMcpHandshake(mcpRevisions),
    client: {
      installGlobal: facts.cliPackage.installGlobal,
      mcpCommand: facts.cliPackage.npx('mcp'),
      mcpBundleUrl: facts.mcpConfiguration.bundle!.url,
    },
    mcpEndpointUrl: facts.mcpConfiguration.mcpServers.earshot.url,
    pendingChanges: describePendingChanges(baseUrl),
    docs: await listDocsPages(pageUrl),
    api: listApiLinks(facts, pageUrl),
    optional: listOptionalLinks(facts),
  });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

/** Every docs page, in the sidebar's order; a page missing from the sidebar, or the other way round, stops the build. */
async function listDocsPages(pageUrl: (slug: string) => string): Promise<LlmsTxtPage[]> {
  const entries = new Map((await getCollection('docs')).map((entry) => [entry.id, entry]));
  const unlisted = [...entries.keys()].filter((id) => !docsPageSlugs.includes(id));
  if (unlisted.length > 0) {
    throw new Error(
      `docs pages missing from the sidebar: ${unlisted.join(', ')}\nhint: add each slug to site/lib/docs/docs-navigation.ts`,
    );
  }
  return docsPageSlugs.map((slug) => {
    const entry = entries.get(slug);
    if (!entry)
      throw new Error(
        `site/lib/docs/docs-navigation.ts: the sidebar lists "${slug}", but site/content/docs/${slug} does not exist`,
      );
    return { title: entry.data.title, description: entry.data.description ?? '', url: pageUrl(slug) };
  });
}

/** The API's own resources: the OpenAPI document, the MCP configuration, the reference, each endpoint, the feed. */
function listApiLinks(facts: DocsFacts, pageUrl: (slug: string) => string): LlmsTxtPage[] {
  const { baseUrl, resourceLinks } = facts;
  return [
    {
      title: 'OpenAPI document',
      description: `The machine-readable description of the API, OpenAPI ${facts.openApiVersion}.`,
      url: resourceLinks.openapi,
    },
    {
      title: 'MCP configuration',
      description:
        'How MCP clients reach the server: the remote endpoint first, the local server over stdio as the other way.',
      url: resourceLinks.mcp,
    },
    {
      title: 'MCP Registry entry',
      description:
        'The server as the official MCP Registry lists it (server.json): name, version, icon and the remote endpoint.',
      url: `${baseUrl}${REGISTRY_SERVER_JSON_PATH}`,
    },
    {
      title: 'API reference',
      description: `The ${facts.openApiOperations.length} operations of the OpenAPI document (${listInWords(facts.openApiOperations)}), with their schemas, answers and examples.`,
      url: pageUrl(API_REFERENCE_BASE),
    },
    ...facts.endpoints.map(({ path, operation }) => ({
      title: `GET ${path}`,
      description: operation.description,
      url: `${baseUrl}${path}`,
    })),
    {
      title: 'Changelog feed',
      description:
        'Every change to what the API publishes, newest first, breaking ones marked: a JSON Feed 1.1 to subscribe to.',
      url: `${baseUrl}${CHANGELOG_FEED_PATH}`,
    },
  ];
}

/** What an agent may also read: the whole docs, the catalog, the Server Card, the skills, the schemas, the sitemap. */
function listOptionalLinks({ baseUrl, endpoints }: DocsFacts): LlmsTxtPage[] {
  return [
    {
      title: 'The whole documentation',
      description: 'Every docs page above but the changelog, and the API reference overview, in one Markdown file.',
      url: `${baseUrl}/llms-full.txt`,
    },
    {
      title: 'API catalog',
      description: `The RFC 9727 linkset naming the ${endpoints.length} endpoints and the remote MCP endpoint, with their descriptions and docs.`,
      url: `${baseUrl}${API_CATALOG_PATH}`,
    },
    {
      title: 'MCP Server Card',
      description:
        'The remote MCP endpoint described before connecting (SEP-2127 draft): name, version, tools, resources, protocol revisions, no authentication.',
      url: `${baseUrl}${MCP_SERVER_CARD_PATH}`,
    },
    {
      title: 'Agent Skills',
      description:
        'The Agent Skills index: a SKILL.md that teaches an agent the API, the client and the MCP endpoint, with sha256 digests.',
      url: `${baseUrl}${AGENT_SKILLS_INDEX_PATH}`,
    },
    ...publishedSchemas(baseUrl).map((schema) => ({
      title: `${schema.title} JSON Schema`,
      description: `The ${schema.title} shape, JSON Schema 2020-12, at its $id.`,
      url: schema.url,
    })),
    { title: 'Sitemap', description: 'Every page of the site.', url: `${baseUrl}/sitemap-index.xml` },
  ];
}
