/**
 * The `SKILL.md` that teaches an agent to use the discovery API, the command-line client and the
 * remote MCP endpoint, from the facts the docs print (loadDocsFacts): nothing typed twice.
 * @see https://agentskills.io/specification (YAML front matter with `name` and `description`,
 * then Markdown instructions; keep it well under 5,000 tokens)
 */
import { escapeMarkdownText } from '../text/escape-markdown.ts';
import { LLMS_FULL_LINKED_ONLY } from './build-llms-full-txt.ts';

export const EARSHOT_SKILL_NAME = 'earshot-discovery-api';

export interface SkillMdInput {
  productName: string;
  productDescription: string;
  baseUrl: string;
  endpoints: readonly { path: string; operation: { id: string; summary: string; description: string } }[];
  rateLimitText: string;
  openApiUrl: string;
  openApiVersion: string;
  llmsTxtUrl: string;
  llmsFullTxtUrl: string;
  docsUrl: string;
  /** What to do on HTTP 429, in one sentence (site/lib/docs/retry-rule.ts). */
  retryRuleText: string;
  mcp: { endpointUrl: string; configurationUrl: string; serverCardUrl: string; tools: readonly string[] };
  cli: { installGlobal: string; npxPlatforms: string; docsUrl: string };
  tooManyRequestsBody: string;
  /** The breaking changes announced and not in effect yet, a paragraph each (site/lib/docs/pending-changes-text.ts). */
  pendingChanges: readonly string[];
}

/** The skill's description: what it is for and when to use it (the index lists it too). */
export function describeEarshotSkill(productName: string): string {
  return `Read ${productName}'s public discovery API: which platforms ${productName} monitors and for which target types, and its capabilities and integration links. Use when a task needs ${productName}'s supported platforms, its API, its command-line client or its MCP server.`;
}

export function buildSkillMd(input: SkillMdInput): string {
  const name = input.productName;
  // The description is YAML: a double-quoted scalar, as JSON writes it, is valid YAML.
  return [
    '---',
    `name: ${EARSHOT_SKILL_NAME}`,
    `description: ${JSON.stringify(describeEarshotSkill(name))}`,
    '---',
    '',
    `# ${name} discovery API`,
    '',
    escapeMarkdownText(input.productDescription),
    '',
    `The public API is read-only JSON under ${input.baseUrl}. It needs no API key, no account and no authentication: send no credentials. It is rate limited to ${input.rateLimitText}.`,
    '',
    '## Call the API',
    '',
    'Send `Accept: application/json` and a `User-Agent` that names your tool.',
    '',
    ...input.endpoints.map(
      ({ path, operation }) => `- \`GET ${input.baseUrl}${path}\` (\`${operation.id}\`): ${operation.description}`,
    ),
    '',
    '```sh',
    `curl -H 'Accept: application/json' ${input.baseUrl}${input.endpoints[0]?.path ?? ''}`,
    '```',
    '',
    `Over the limit, the API answers HTTP 429 with \`${input.tooManyRequestsBody}\` and a \`Retry-After\` header. ${input.retryRuleText}`,
    '',
    `The OpenAPI ${input.openApiVersion} document, ${input.openApiUrl}, describes every answer exactly.`,
    '',
    ...input.pendingChanges.flatMap((paragraph) => [paragraph, '']),
    '## Use the MCP server',
    '',
    `If you are an MCP client that takes a URL, connect to the remote endpoint ${input.mcp.endpointUrl} (Streamable HTTP, no key, nothing to install). Its tools: ${input.mcp.tools.map((tool) => `\`${tool}\``).join(', ')}, which return exactly the API's answers. Its configuration for MCP clients is ${input.mcp.configurationUrl}; its MCP Server Card is ${input.mcp.serverCardUrl}.`,
    '',
    '## Use the command-line client',
    '',
    `Install it from this site (it is not on the public npm registry: do not install a package named \`earshot\` from there):`,
    '',
    '```sh',
    input.cli.installGlobal,
    '```',
    '',
    `Or run one command without installing: \`${input.cli.npxPlatforms}\`. Add \`--json\` for machine-readable output. Its commands and exit codes: ${input.cli.docsUrl}.`,
    '',
    '## Learn more',
    '',
    `- ${input.llmsTxtUrl}: a map of the docs, one line per page, with the answer shapes.`,
    `- ${input.llmsFullTxtUrl}: every docs page, as Markdown, in one file, but ${LLMS_FULL_LINKED_ONLY}, which it links.`,
    `- Any docs page answers Markdown when asked with \`Accept: text/markdown\`, or at its path with \`.md\` for the trailing slash (${input.docsUrl.replace(/\/$/, '')}.md).`,
    `- ${input.docsUrl}: the documentation for people.`,
    '',
  ].join('\n');
}
