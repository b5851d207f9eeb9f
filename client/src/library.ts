/**
 * The library entry of the `earshot` package: `import { createClient } from 'earshot'`.
 *
 * The same request core as the command line (`api/`): one timeout per attempt, retries on HTTP 429
 * as `Retry-After` asks, a 4 MiB cap on answers, the proxy variables, and every answer checked
 * against the API's JSON Schemas. Where the command line prints `error:` and `hint:` lines and
 * exits, a call here rejects with an `EarshotError` carrying the same message.
 *
 * The published `index.d.ts` is this file's declarations plus interfaces generated from the JSON
 * Schemas (tooling/build-cli.ts), so every public type here is declared in this file or comes
 * from the schemas: nothing else may appear in a signature.
 */
import type { CapabilitiesResponse, McpConfiguration, PlatformsResponse } from '../../contract/schemas/index.ts';
import { createApiClient } from './api/api-client.ts';
import type { ClientError, ClientErrorKind } from './api/client-error.ts';
import {
  buildUserAgent,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  normalizeBaseUrl,
} from './api/client-settings.ts';
import type { ApiResult } from './api/request-json.ts';
import { DEFAULT_RETRIES, DEFAULT_RETRY_POLICY, MAX_MAX_WAIT_SECONDS, MAX_RETRIES } from './api/retry-policy.ts';
import { buildFacts } from './baked/build-facts.ts';

export type {
  ApiError,
  CapabilitiesResponse,
  McpConfiguration,
  Platform,
  PlatformsResponse,
} from '../../contract/schemas/index.ts';

/** The client's version, for example `1.0.0`. */
export const VERSION: string = buildFacts.version;

export interface ClientOptions {
  /**
   * The site to talk to, an absolute http(s) URL without query or fragment.
   * @default the production site, for example `https://earshot.dev`
   */
  baseUrl?: string;
  /**
   * Milliseconds to wait for one complete answer (per attempt, retries excluded).
   * @default 10000
   */
  timeout?: number;
  /**
   * Retries after an HTTP 429 answer, 0 to 10. Each waits as long as `Retry-After` asks.
   * @default 2
   */
  retries?: number;
  /**
   * The longest wait for the rate limit in all, over every retry of one call, in whole seconds
   * from 0 to 3600 (`--max-wait` on the command line). When the server asks for longer, the call
   * rejects at once and its hint says when to try again.
   * @default 60, one rate-limit window
   */
  maxWaitSeconds?: number;
  /**
   * The `fetch` to send requests with, for example one that adds tracing.
   * @default the global `fetch`, or undici's with `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` when a proxy variable is set
   */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /**
   * The `User-Agent` header. Name your application, for example `acme-dashboard/2.1 (ops@acme.example)`.
   * @default `earshot/<version> (node <version>; <platform> <arch>)`
   */
  userAgent?: string;
  /**
   * Cancels every call of this client, and the waits between retries: a cancelled call rejects
   * with an `EarshotError` of kind `aborted`, its `cause` the signal's reason (an `AbortError`).
   */
  signal?: AbortSignal;
  /**
   * Told when an answer announces a breaking change (its `Deprecation`, `Sunset` and `Link`
   * headers), after the call succeeds: for example, to log it. Called on every such answer.
   */
  onChangeNotice?: (notice: ChangeNotice) => void;
}

/**
 * A breaking change announced by an answer's headers, read tolerantly: a missing or malformed
 * header leaves its field out. The answer itself is unchanged until the change is published.
 */
export interface ChangeNotice {
  /** The answer's URL. */
  url: string;
  /** When the change was announced (`Deprecation`, RFC 9745). */
  announcedAt?: Date;
  /** The first moment the change may be published (`Sunset`, RFC 8594). */
  effectiveAt?: Date;
  /** The changelog entries that describe it (`Link` with `rel="deprecation"` or `rel="sunset"`). */
  links: string[];
}

export interface CallOptions {
  /** Cancels this call only: it rejects with an `EarshotError` of kind `aborted`. */
  signal?: AbortSignal;
}

/** An OpenAPI 3.1 document, as the site serves it at `/openapi.json`. */
export interface OpenApiDocument {
  openapi: string;
  info: { title?: unknown; version?: unknown; [key: string]: unknown };
  paths?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The client of Earshot's public discovery API. Each method is named after its OpenAPI `operationId`. */
export interface EarshotClient {
  /** The site this client talks to, without a trailing slash. */
  readonly baseUrl: string;
  /** `GET /api/v1/platforms`: the platforms Earshot monitors and the target types of each. */
  listServicePlatforms(options?: CallOptions): Promise<PlatformsResponse>;
  /** `GET /api/v1/capabilities`: the product, its platforms and links to integration resources. */
  getServiceCapabilities(options?: CallOptions): Promise<CapabilitiesResponse>;
  /** The OpenAPI document (`/openapi.json`). */
  getOpenApiDocument(options?: CallOptions): Promise<OpenApiDocument>;
  /** The MCP configuration that the capabilities' `resources.mcp` links to. */
  getMcpConfiguration(options?: CallOptions): Promise<McpConfiguration>;
}

/**
 * Why a call failed, one kind per way a call can fail. The command line exits with 3, 4, 5 and 1
 * for the first four; `aborted` is the caller's own signal.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is exported: its keys carry the doc comments editors show, and `satisfies` keeps them complete.
const errorKinds = {
  /** HTTP 429 after every allowed retry: wait, then try again. */
  'rate-limited': true,
  /** No answer: connection refused, DNS failure, TLS or network error, timeout. */
  unreachable: true,
  /** An answer that cannot be used: HTML, invalid JSON, JSON that breaks the schema, too large. */
  'bad-response': true,
  /** An HTTP error status other than 429, such as 404 or 503. */
  'http-error': true,
  /** The `signal` given to `createClient` or to the call aborted: `cause` is its reason. */
  aborted: true,
} as const satisfies Record<ClientErrorKind | 'aborted', true>;

export type EarshotErrorKind = keyof typeof errorKinds;

/** The one error every failed call rejects with. Its `message` is what `earshot` prints after `error:`. */
export class EarshotError extends Error {
  override readonly name = 'EarshotError';
  readonly kind: EarshotErrorKind;
  /** The HTTP status of the failed answer, when there was one. */
  readonly status: number | undefined;
  /** What to do next, as `earshot` prints it after `hint:`. */
  readonly hint: string;

  constructor(
    kind: EarshotErrorKind,
    message: string,
    options: { status?: number | undefined; hint: string; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.hint = options.hint;
  }
}

/**
 * Creates a client. Options are checked at once: a wrong one throws a `TypeError` naming it.
 *
 * @example
 * const earshot = createClient({ userAgent: 'my-app/1.0' });
 * const { data } = await earshot.listServicePlatforms();
 */
export function createClient(options: ClientOptions = {}): EarshotClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? buildFacts.productionBaseUrl);
  if (baseUrl === undefined)
    throw new TypeError(
      `createClient: baseUrl must be an absolute http(s) URL without query or fragment, such as https://earshot.dev (got ${JSON.stringify(options.baseUrl)})`,
    );
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_SECONDS * 1000;
  if (
    typeof timeout !== 'number' ||
    !Number.isFinite(timeout) ||
    timeout <= 0 ||
    timeout > MAX_TIMEOUT_SECONDS * 1000
  ) {
    throw new TypeError(
      `createClient: timeout must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT_SECONDS * 1000} (got ${JSON.stringify(options.timeout)})`,
    );
  }
  const retries = options.retries ?? DEFAULT_RETRIES;
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    throw new TypeError(
      `createClient: retries must be a whole number from 0 to ${MAX_RETRIES} (got ${JSON.stringify(options.retries)})`,
    );
  }
  const maxWaitSeconds = options.maxWaitSeconds ?? DEFAULT_RETRY_POLICY.maxWaitMs / 1000;
  if (!Number.isInteger(maxWaitSeconds) || maxWaitSeconds < 0 || maxWaitSeconds > MAX_MAX_WAIT_SECONDS) {
    throw new TypeError(
      `createClient: maxWaitSeconds must be a whole number of seconds from 0 to ${MAX_MAX_WAIT_SECONDS} (got ${JSON.stringify(options.maxWaitSeconds)})`,
    );
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw new TypeError('createClient: fetch must be a function');
  if (options.userAgent !== undefined && (typeof options.userAgent !== 'string' || options.userAgent.trim() === '')) {
    throw new TypeError('createClient: userAgent must be a non-empty string');
  }
  if (options.onChangeNotice !== undefined && typeof options.onChangeNotice !== 'function')
    throw new TypeError('createClient: onChangeNotice must be a function');

  const api = createApiClient(
    {
      baseUrl,
      baseUrlSource: options.baseUrl === undefined ? 'library default' : 'baseUrl option',
      timeoutMs: Math.round(timeout),
      retries,
      maxWaitMs: maxWaitSeconds * 1000,
      maxWaitSetting: 'maxWaitSeconds',
      debug: false,
    },
    {
      userAgent: options.userAgent ?? buildUserAgent(buildFacts.version),
      supportEmail: buildFacts.supportEmail,
      installGuideUrl: `${buildFacts.cliDocsUrl}#install`,
      signal: options.signal,
      // Only the proxy variables are read, as curl and undici read them.
      env: process.env,
      fetch: options.fetch,
    },
  );
  const settle = async <T>(result: Promise<ApiResult<T>>, callOptions: CallOptions | undefined): Promise<T> => {
    const answer = await result.catch((reason: unknown) => {
      // The core rejects only when a signal aborts: the caller's own cancellation, not the API's failure.
      if (!options.signal?.aborted && !callOptions?.signal?.aborted) throw reason;
      throw new EarshotError('aborted', 'the call was cancelled by its abort signal', {
        hint: 'nothing went wrong with the API; call again to retry',
        cause: reason,
      });
    });
    if (!answer.ok) throw toEarshotError(answer.error);
    if (answer.notice) options.onChangeNotice?.({ url: answer.url, ...answer.notice });
    return answer.value;
  };
  const call = (callOptions: CallOptions | undefined) => ({ signal: callOptions?.signal });
  return {
    baseUrl,
    listServicePlatforms: (callOptions) => settle(api.get('listServicePlatforms', call(callOptions)), callOptions),
    getServiceCapabilities: (callOptions) => settle(api.get('getServiceCapabilities', call(callOptions)), callOptions),
    getOpenApiDocument: (callOptions) =>
      settle<OpenApiDocument>(api.getOpenApiDocument(call(callOptions)), callOptions),
    getMcpConfiguration: (callOptions) => settle(api.getMcpConfiguration(call(callOptions)), callOptions),
  } satisfies EarshotClient;
}

function toEarshotError(error: ClientError): EarshotError {
  return new EarshotError(error.kind, error.message, { status: error.status, hint: error.hint });
}
