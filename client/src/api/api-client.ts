import { setTimeout as wait } from 'node:timers/promises';
import { findEndpoint, OPENAPI_PATH, type OperationId, type ResponseBody } from '../../../contract/endpoints.ts';
import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import type { ClientSettings } from './client-settings.ts';
import { createFetch } from './create-fetch.ts';
import type { FetchLike } from './fetch-like.ts';
import { readProxySettings } from './proxy-settings.ts';
import { MAX_BODY_BYTES } from './read-capped-body.ts';
import { requestJson, type ApiResult, type RequestContext, type RetryWait } from './request-json.ts';
import {
  endpointResponseCheck,
  mcpConfigurationCheck,
  openApiDocumentCheck,
  type OpenApiDocument,
} from './response-checks.ts';
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts';
import { baseUrlSource, linkSource } from './url-source.ts';

/**
 * The one client of the public API, shared by every `earshot` command and the MCP server: same
 * base URL rules, headers, timeout, 429 retries, body cap and schema checks everywhere.
 */
export interface ApiClient {
  baseUrl: string;
  /**
   * GET an endpoint of the registry (contract/endpoints.ts) by its operation id, for example
   * `get('listServicePlatforms')`, checked against the tolerant variant of its schema.
   */
  get<Id extends OperationId>(operationId: Id, call?: CallOptions): Promise<ApiResult<ResponseBody<Id>>>;
  getOpenApiDocument(call?: CallOptions): Promise<ApiResult<OpenApiDocument>>;
  /** Follows the capabilities' `resources.mcp` link, so it finds the configuration wherever it lives. */
  getMcpConfiguration(call?: CallOptions): Promise<ApiResult<McpConfiguration>>;
}

/** Per call: a signal that cancels this call only (the client's own signal cancels every call). */
interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Told of this call's waits before a retry on HTTP 429 (after the client's own `onWait`): the MCP server reports them as progress. */
  onWait?: ((wait: RetryWait) => void) | undefined;
}

export interface ApiClientDependencies {
  userAgent: string;
  supportEmail: string;
  /** Where to learn how to install the newest client, named in hints. */
  installGuideUrl: string;
  /** Cancels every request of this client, and the waits between retries. */
  signal?: AbortSignal | undefined;
  env: Record<string, string | undefined>;
  /** Defaults to Node's fetch, or undici's behind a proxy when a proxy variable is set. */
  fetch?: FetchLike | undefined;
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  now?: (() => number) | undefined;
  random?: (() => number) | undefined;
  /** Told of every wait before a retry on HTTP 429, before it starts. */
  onWait?: ((wait: RetryWait) => void) | undefined;
  /** Receives detail lines when `settings.debug` is on. */
  debug?: ((line: string) => void) | undefined;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** What every request of a client shares: its fetch, proxy, timeout, retry policy, clock and hooks. */
async function buildRequestContext(
  settings: ClientSettings,
  dependencies: ApiClientDependencies,
): Promise<RequestContext> {
  return {
    fetch: dependencies.fetch ?? (await createFetch(dependencies.env)),
    // Only the default fetch goes through the proxy; an injected one is the caller's own.
    proxy: dependencies.fetch ? undefined : readProxySettings(dependencies.env),
    onWait: dependencies.onWait,
    userAgent: dependencies.userAgent,
    timeoutMs: settings.timeoutMs,
    retry: {
      ...DEFAULT_RETRY_POLICY,
      retries: settings.retries,
      maxWaitMs: settings.maxWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs,
    },
    maxWaitSetting: settings.maxWaitSetting ?? '--max-wait',
    maxBodyBytes: MAX_BODY_BYTES,
    supportEmail: dependencies.supportEmail,
    installGuideUrl: dependencies.installGuideUrl,
    signal: dependencies.signal,
    sleep: dependencies.sleep ?? ((ms, signal) => wait(ms, undefined, { signal })),
    now: dependencies.now ?? Date.now,
    random: dependencies.random ?? Math.random,
    debug: settings.debug && dependencies.debug ? dependencies.debug : () => {},
  };
}

export function createApiClient(settings: ClientSettings, dependencies: ApiClientDependencies): ApiClient {
  // Resolved on first use: loading the proxy support is only worth it when a request is made.
  let context: Promise<RequestContext> | undefined;
  const getContext = () => (context ??= buildRequestContext(settings, dependencies));
  /** The client's context, with the call's signal joined to the client's own. */
  const contextFor = async (call: CallOptions | undefined): Promise<RequestContext> => {
    const base = await getContext();
    const { signal, onWait } = call ?? {};
    return {
      ...base,
      ...(signal && { signal: base.signal ? AbortSignal.any([base.signal, signal]) : signal }),
      ...(onWait && {
        onWait: (wait: RetryWait) => {
          base.onWait?.(wait);
          onWait(wait);
        },
      }),
    };
  };
  const url = (path: string) => `${settings.baseUrl}${path}`;
  const source = baseUrlSource(settings.baseUrlSource);

  const client: ApiClient = {
    baseUrl: settings.baseUrl,
    get: async (operationId, call) =>
      requestJson(
        url(findEndpoint(operationId).path),
        endpointResponseCheck(operationId),
        await contextFor(call),
        source,
      ),
    getOpenApiDocument: async (call) =>
      requestJson(url(OPENAPI_PATH), openApiDocumentCheck, await contextFor(call), source),
    async getMcpConfiguration(call) {
      const capabilities = await client.get('getServiceCapabilities', call);
      if (!capabilities.ok) return capabilities;
      const link = capabilities.value.data.resources.mcp;
      // The schema accepts any absolute URI (RFC 3986); only an http(s) URL that WHATWG URL
      // parses can be fetched (`file:`, `foo:bar` or `http://256.256.256.256/` cannot).
      if (!isHttpUrl(link)) {
        return {
          ok: false,
          error: {
            kind: 'bad-response',
            message: `the MCP configuration link in ${capabilities.url} is not a usable http(s) URL (got ${JSON.stringify(link)})`,
            hint: `check that the base URL points at the Earshot API (--base-url or EARSHOT_BASE_URL); if it does, tell ${dependencies.supportEmail}`,
            details: [],
          },
        };
      }
      // The link is the server's choice: a failure there is not the base URL's fault.
      return requestJson(
        link,
        mcpConfigurationCheck,
        await contextFor(call),
        linkSource('resources.mcp', capabilities.url),
      );
    },
  };
  return client;
}
