import { expect, test, type APIRequestContext } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createHash } from 'node:crypto';
import { OPENAPI_PATH } from '../../contract/endpoints.ts';
import { API_CATALOG_PATH } from '../../site/lib/discovery/build-api-catalog.ts';
import { markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { AGENT_SKILLS_INDEX_PATH, agentSkillFilePath } from '../../site/lib/discovery/build-agent-skills-index.ts';
import { CONTENT_SIGNALS } from '../../site/lib/discovery/build-robots-txt.ts';
import { buildPageLinkHeader } from '../../site/lib/edge/page-link-headers.ts';
import { MCP_SERVER_CARD_JSON_PATH, MCP_SERVER_CARD_PATH } from '../../site/lib/mcp/build-mcp-server-card.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readSitemapPaths } from '../support/sitemap.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const { product } = loadSiteDataOrThrow({ dataDir: 'data' });

/**
 * A validator that knows only what the site serves: the JSON Schema published at `schemaPath`,
 * as an outside client would fetch and compile it.
 */
async function servedValidator(request: APIRequestContext, schemaPath: string) {
  const schema = (await (await request.get(schemaPath)).json()) as Record<string, unknown>;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

const sha256 = (bytes: Buffer | string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

test('/robots.txt: one group for every user agent, with its content signals, and the sitemap', async ({
  request,
  baseURL,
}) => {
  const lines = (await (await request.get('/robots.txt')).text()).split('\n');
  const group = lines.slice(lines.indexOf('User-agent: *'));
  expect(group[0]).toBe('User-agent: *');
  // The signal belongs to the group: before the blank line that ends it.
  const signal = group.slice(0, group.indexOf('')).find((line) => line.startsWith('Content-Signal:'));
  expect(signal).toBe(
    `Content-Signal: ${Object.entries(CONTENT_SIGNALS)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')}`,
  );
  expect(signal).toBe('Content-Signal: search=yes, ai-input=yes, ai-train=yes');
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap-index.xml`);
});

test('every page of the sitemap sends its Link header (catalog, OpenAPI, docs, its Markdown twin) and Vary: Accept, and every target answers as typed', async ({
  request,
}) => {
  const targets = { apiCatalog: API_CATALOG_PATH, openApi: OPENAPI_PATH, docs: product.resources.documentation };
  const answered = new Map<string, string>();
  for (const path of await readSitemapPaths(request)) {
    const response = await request.head(path);
    expect(response.status(), path).toBe(200);
    const link = response.headers().link;
    expect(link, path).toBe(buildPageLinkHeader(path, targets));
    expect(link, path).toContain(`<${markdownPathOf(path)}>; rel="alternate"; type="text/markdown"`);
    expect(response.headers().vary ?? '', path).toMatch(/Accept/);
    for (const [, href, type] of link!.matchAll(/<([^>]+)>;[^,]*?(?:type="([^"]+)")?(?:,|$)/g)) {
      if (!answered.has(href!)) {
        const target = await request.get(href!);
        expect(target.status(), href).toBe(200);
        answered.set(href!, (target.headers()['content-type'] ?? '').split(';')[0]!);
      }
      if (type) expect(answered.get(href!), href).toBe(type);
    }
  }
});

test('the MCP Server Card: the same bytes at both paths, valid against its published schema, naming the endpoint /mcp.json names', async ({
  request,
  baseURL,
}) => {
  const [draftPath, jsonPath] = await Promise.all([
    request.get(MCP_SERVER_CARD_PATH),
    request.get(MCP_SERVER_CARD_JSON_PATH),
  ]);
  expect(draftPath.status()).toBe(200);
  expect(jsonPath.status()).toBe(200);
  expect(jsonPath.headers()['content-type']).toMatch(/^application\/json\b/);
  expect(jsonPath.headers()['access-control-allow-origin']).toBe('*');
  expect(await draftPath.text()).toBe(await jsonPath.text());

  const card = (await jsonPath.json()) as {
    name: string;
    remotes: { url: string; supportedProtocolVersions: string[]; authentication: { required: boolean } }[];
    tools: { name: string }[];
  };
  const validate = await servedValidator(request, '/schemas/v1/mcp-server-card.json');
  expect(validate(card), JSON.stringify(validate.errors)).toBe(true);
  const configuration = (await (await request.get(product.resources.mcp)).json()) as {
    mcpServers: { earshot: { url: string } };
  };
  expect(card.remotes.map(({ url }) => url)).toEqual([configuration.mcpServers.earshot.url]);
  expect(card.remotes[0]!.url).toBe(`${baseURL}/mcp`);
  expect(card.remotes[0]!.authentication.required).toBe(false);
  expect(card.name).toBe(`${new URL(product.baseUrl).hostname.split('.').reverse().join('.')}/earshot`);
});

test('the card’s remote answers every protocol revision it lists: server/discover for the stateless one, initialize for the 2025 ones, with the card’s tools', async ({
  request,
}) => {
  const card = (await (await request.get(MCP_SERVER_CARD_JSON_PATH)).json()) as {
    remotes: { url: string; supportedProtocolVersions: string[] }[];
    tools: { name: string }[];
  };
  const { url, supportedProtocolVersions } = card.remotes[0]!;
  expect(supportedProtocolVersions).toContain('2026-07-28');
  expect(supportedProtocolVersions).toContain('2025-11-25');
  const post = (version: string, method: string, params: Record<string, unknown>) =>
    request.post(url, {
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': version,
        ...(version >= '2026' ? { 'Mcp-Method': method } : {}),
      },
      data: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
  const read = async (response: Awaited<ReturnType<typeof post>>) => {
    const text = await response.text();
    const json = (response.headers()['content-type'] ?? '').startsWith('text/event-stream')
      ? /^data: (.*)$/m.exec(text)![1]!
      : text;
    return JSON.parse(json) as { result?: Record<string, unknown> };
  };
  const clientInfo = { name: 'earshot-card-test', version: '1.0.0' };
  for (const version of supportedProtocolVersions) {
    if (version >= '2026') {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': version,
        'io.modelcontextprotocol/clientInfo': clientInfo,
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      const discover = await read(await post(version, 'server/discover', { _meta: meta }));
      expect(discover.result?.supportedVersions, version).toContain(version);
      const tools = await read(await post(version, 'tools/list', { _meta: meta }));
      expect((tools.result?.tools as { name: string }[]).map(({ name }) => name)).toEqual(
        card.tools.map(({ name }) => name),
      );
    } else {
      const initialize = await read(
        await post(version, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo }),
      );
      expect(initialize.result?.protocolVersion, version).toBe(version);
    }
  }
});

test('the Agent Skills index: valid against its published schema, every digest that of the bytes served, the skill’s own too', async ({
  request,
}) => {
  const response = await request.get(AGENT_SKILLS_INDEX_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  const index = (await response.json()) as {
    skills: { name: string; description: string; digest: string; files: { path: string; digest: string }[] }[];
  };
  const validate = await servedValidator(request, '/schemas/v1/agent-skills-index.json');
  expect(validate(index), JSON.stringify(validate.errors)).toBe(true);
  expect(index.skills.length).toBeGreaterThan(0);
  for (const skill of index.skills) {
    const lines: string[] = [];
    for (const file of skill.files) {
      const served = await request.get(agentSkillFilePath(skill.name, file.path));
      expect(served.status(), file.path).toBe(200);
      const bytes = await served.body();
      expect(sha256(bytes), file.path).toBe(file.digest);
      lines.push(`${file.path}\0${file.digest.slice('sha256:'.length)}\n`);
    }
    expect(sha256(lines.sort().join('')), skill.name).toBe(skill.digest);
    // The SKILL.md's front matter names the skill as the index does.
    const skillMd = await (await request.get(agentSkillFilePath(skill.name, 'SKILL.md'))).text();
    const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(skillMd)![1]!;
    expect(frontMatter).toContain(`name: ${skill.name}`);
    expect(frontMatter).toContain(`description: ${JSON.stringify(skill.description)}`);
  }
});

test('the SKILL.md teaches the API, the client and the MCP endpoint with this site’s own addresses, each answering', async ({
  request,
  baseURL,
}) => {
  const index = (await (await request.get(AGENT_SKILLS_INDEX_PATH)).json()) as { skills: { name: string }[] };
  const skillMd = await (await request.get(agentSkillFilePath(index.skills[0]!.name, 'SKILL.md'))).text();
  const configuration = (await (await request.get(product.resources.mcp)).json()) as {
    mcpServers: { earshot: { url: string }; 'earshot-stdio': { args: string[] } };
  };
  expect(skillMd).toContain(configuration.mcpServers.earshot.url);
  expect(skillMd).toContain(`npm install --global ${configuration.mcpServers['earshot-stdio'].args[1]}`);
  const gettable = [...new Set(skillMd.match(new RegExp(`${baseURL}[^\\s\`),;]*`, 'g')) ?? [])].filter(
    (url) => !url.endsWith('/mcp') && !url.endsWith('.tgz'),
  );
  expect(gettable.length).toBeGreaterThan(3);
  for (const url of gettable) expect((await request.get(url.replace(/[.:]$/, ''))).status(), url).toBe(200);
});

test('the card and the skills are announced: the API catalog, /mcp.json’s Link header and /llms.txt name them', async ({
  request,
  baseURL,
}) => {
  const catalog = (await (await request.get(API_CATALOG_PATH)).json()) as {
    linkset: ({ anchor: string } & Record<string, { href: string }[]>)[];
  };
  const mcpContext = catalog.linkset.find(({ anchor }) => anchor === `${baseURL}/mcp`)!;
  expect(mcpContext.describedby!.map(({ href }) => href)).toEqual([`${baseURL}${MCP_SERVER_CARD_PATH}`]);
  expect((await request.head(product.resources.mcp)).headers().link).toContain(
    `<${MCP_SERVER_CARD_PATH}>; rel="describedby"`,
  );
  const llms = await (await request.get('/llms.txt')).text();
  expect(llms).toContain(`(${baseURL}${MCP_SERVER_CARD_PATH})`);
  expect(llms).toContain(`(${baseURL}${AGENT_SKILLS_INDEX_PATH})`);
});

for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource']) {
  test(`${path} stays absent (404): the API protects nothing, and no MCP client is sent into an OAuth flow`, async ({
    request,
  }) => {
    expect((await request.get(path)).status()).toBe(404);
  });
}
