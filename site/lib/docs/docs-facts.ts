import { readFileSync } from 'node:fs';
import { buildResourceLinks } from '../../../contract/resource-links.ts';
import { endpoints, OPENAPI_PATH } from '../../../contract/endpoints.ts';
import { describeRateLimit, readMcpRateLimit, type RateLimit } from '../../../contract/rate-limit.ts';
import { formatRateLimitPolicy } from '../../../contract/rate-limit-fields.ts';
import { MCP_MAX_WAIT_SECONDS } from '../../../client/src/api/retry-policy.ts';
import { buildMcpTooManyRequestsBody, RATE_LIMITED } from '../mcp/mcp-too-many-requests.ts';
import { NOT_FOUND, TOO_MANY_REQUESTS } from '../../../contract/api-errors.ts';
import { API_DESCRIPTION_VERSION, buildOpenApiDocument, OPENAPI_VERSION } from '../openapi/build-openapi-document.ts';
import { buildMcpConfiguration } from '../mcp/mcp-configuration.ts';
import { buildInspectorCommands, readInspectorVersion } from '../mcp/mcp-checks.ts';
import { toWindowsStdioServer } from '../../../client/src/mcp/mcp-client-snippets.ts';
import { buildCliInstallCommands, formatTarballSize, readCliTarball } from '../cli-package/cli-tarball.ts';
import { describeRelease, readServedReleases, sbomFileName } from '../cli-package/releases.ts';
import { RELEASE_PATHS } from '../../../contract/release-paths.ts';
import type { ReleaseManifest } from '../../../contract/schemas/index.ts';
import { loadSiteContext } from '../site-context.ts';
import { describeRetryRule, loadRetryRule } from './retry-rule.ts';
import { config as otherMethodsConfig } from '../../../netlify/functions/other-methods.ts';

/** How many platforms a sample answer shows; the rest is counted, so that no page grows with the data. */
export const SAMPLE_PLATFORM_COUNT = 3;

/** The most rows the platforms page's table shows; past it, the rest are counted. */
export const PLATFORMS_TABLE_LIMIT = 100;

/** The HTTP methods an OpenAPI path item may hold (OpenAPI 3.1, section 4.8.9). */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The product facts the docs pages print, each read from its one home (`data/`, `netlify.toml`,
 * the OpenAPI builder, the client package), so that no page types a fact a second time.
 */
export function loadDocsFacts() {
  const { data, baseUrl, rateLimit } = loadSiteContext();
  const mcpRateLimit = readMcpRateLimit();
  const { product, platforms } = data;
  const tarball = readCliTarball();
  const install = buildCliInstallCommands(baseUrl, tarball, data.product.baseUrl);
  const mcpBundle = describeMcpBundle(baseUrl, product.baseUrl, tarball.bundle);
  const mcpConfiguration = buildMcpConfiguration(baseUrl, product.baseUrl, install.url, {
    url: mcpBundle.url,
    sha256: mcpBundle.sha256,
  });
  const retryRule = loadRetryRule(rateLimit);
  const openApi = buildOpenApiDocument({ data, baseUrl, rateLimit });
  return {
    product,
    platforms,
    /** Where this build lives, for example `https://earshot.dev`. */
    baseUrl,
    resourceLinks: buildResourceLinks(product.resources, baseUrl),
    openApiUrl: `${baseUrl}${OPENAPI_PATH}`,
    /** What this build serves at `resources.mcp`. */
    mcpConfiguration,
    /** The remote MCP endpoint of this build, and how to check the server works. */
    mcp: {
      endpointUrl: mcpConfiguration.mcpServers.earshot.url,
      inspector: buildInspectorCommands(mcpConfiguration, readInspectorVersion()),
      windowsStdioServer: toWindowsStdioServer(mcpConfiguration),
    },
    /** The MCP Bundle of the same build: the local server for desktop clients. */
    mcpBundle,
    /** The client package this build serves, and the commands that install it from there. */
    cliPackage: {
      version: tarball.version,
      fileName: tarball.fileName,
      integrity: tarball.integrity,
      size: formatTarballSize(tarball.size),
      ...install,
    },
    /** The released versions this build serves, and where a download is checked against them. */
    releases: loadReleaseFacts(baseUrl, tarball),
    openApiVersion: OPENAPI_VERSION,
    apiDescriptionVersion: API_DESCRIPTION_VERSION,
    endpoints,
    /** The operations of `/openapi.json` (method and path), as the API reference lists them. */
    openApiOperations: listOpenApiOperations(openApi.paths as Record<string, Record<string, unknown>>),
    /** Each endpoint's answer in one line of JSON, with one platform of the data. */
    answerLines: endpoints.map(({ path, buildBody }) => ({
      path,
      json: JSON.stringify(buildBody({ ...data, platforms: platforms.slice(0, 1) }, baseUrl)),
    })),
    /** What to do on HTTP 429: the client's own policy, in numbers and in one sentence. */
    retryRule: { ...retryRule, text: describeRetryRule(retryRule) },
    rateLimit: {
      ...rateLimit,
      /** "60 requests per 60 seconds per client IP address" */
      text: describeClientRateLimit(rateLimit),
    },
    /** The remote MCP endpoint's own limit (the `/mcp` rule), and how it answers over it. */
    mcpRateLimit: describeMcpRateLimit(mcpRateLimit),
    /**
     * The one limit that every method but GET and HEAD shares across the public JSON resources:
     * the other-methods function's own (netlify/functions/other-methods.ts), its methods listed.
     */
    otherMethodsRateLimit: {
      ...otherMethodsConfig.rateLimit,
      text: describeClientRateLimit(otherMethodsConfig.rateLimit),
      methods: otherMethodsConfig.method,
    },
    tooManyRequestsBody: JSON.stringify(TOO_MANY_REQUESTS),
    notFoundBody: JSON.stringify(NOT_FOUND),
    /** The Node.js versions the `earshot` package (the command-line client) runs on. */
    nodeEngine: readPackageEngine(),
  };
}

/** The MCP Bundle of the same build: the local server for desktop clients. */
function describeMcpBundle(
  baseUrl: string,
  productionBaseUrl: string,
  bundle: { path: string; fileName: string; size: number; sha256: string },
) {
  return {
    url: `${baseUrl}${bundle.path}`,
    fileName: bundle.fileName,
    size: formatTarballSize(bundle.size),
    sha256: bundle.sha256,
    /** What to answer when it asks for the API base URL: its default is production's, right on production only. */
    baseUrlStep:
      baseUrl === productionBaseUrl
        ? 'keep the API base URL it proposes'
        : `set its API base URL to \`${baseUrl}\`, this deployment`,
  };
}

/** The operations of an OpenAPI document's paths, `GET /api/v1/platforms`, as the API reference lists them. */
function listOpenApiOperations(paths: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => OPENAPI_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** The remote MCP endpoint's own limit (the `/mcp` rule), and how it answers over it. */
function describeMcpRateLimit(mcpRateLimit: RateLimit) {
  return {
    ...mcpRateLimit,
    /** "300 requests per 60 seconds per client IP address" */
    text: describeClientRateLimit(mcpRateLimit),
    policy: formatRateLimitPolicy(mcpRateLimit),
    errorCode: RATE_LIMITED,
    /** The 429's body, answering a request with id 1. */
    body: JSON.stringify(buildMcpTooManyRequestsBody(1, mcpRateLimit)),
    /** How long `earshot mcp` waits in all for the API's limit before a tool answers with an error result. */
    localServerMaxWaitSeconds: MCP_MAX_WAIT_SECONDS,
  };
}

function describeClientRateLimit(rateLimit: RateLimit): string {
  return `${describeRateLimit(rateLimit)}${rateLimit.aggregateBy.includes('ip') ? ' per client IP address' : ''}`;
}

function readPackageEngine(): string {
  const manifest = JSON.parse(readFileSync('client/package.json', 'utf8')) as { engines?: { node?: string } };
  const range = manifest.engines?.node;
  if (!range)
    throw new Error('client/package.json: must declare engines.node, the Node.js versions the client supports');
  return range;
}

function loadReleaseFacts(baseUrl: string, tarball: ReturnType<typeof readCliTarball>) {
  const served = readServedReleases(tarball);
  const current = served.tarballs.find((release) => release.fileName === tarball.fileName)!;
  return {
    manifestUrl: `${baseUrl}${RELEASE_PATHS.manifest}`,
    sha256sumsUrl: `${baseUrl}${RELEASE_PATHS.sha256sums}`,
    sbomUrl: `${baseUrl}${RELEASE_PATHS.tarballDirectory}${sbomFileName(tarball.fileName)}`,
    /** Whether the version this build serves is recorded in `releases/manifest.json`. */
    currentReleased: current.released,
    sha256: describeRelease(tarball.version, tarball.bytes, '').sha256,
    /** `/releases/SHA256SUMS` as served: oldest release first. */
    sha256sums: served.sha256sums,
    /** Every recorded release, newest first. */
    recorded: (JSON.parse(served.manifestText) as ReleaseManifest).releases
      .map((record) => ({
        ...record,
        url: `${baseUrl}${RELEASE_PATHS.tarballDirectory}${record.fileName}`,
        bundleUrl: record.bundle && `${baseUrl}${RELEASE_PATHS.tarballDirectory}${record.bundle.fileName}`,
      }))
      .reverse(),
  };
}
