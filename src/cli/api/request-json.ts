import { toOneLine, type ClientError } from './client-error.ts';
import { readCappedBody } from './read-capped-body.ts';
import { computeBackoffMs, parseRetryAfter, type RetryPolicy } from './retry-policy.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Everything a request depends on, injected so that tests control the network and the clock. */
export interface RequestContext {
  fetch: FetchLike;
  userAgent: string;
  /** Per attempt, from sending the request to the last byte of the answer. */
  timeoutMs: number;
  retry: RetryPolicy;
  maxBodyBytes: number;
  /** Whom to tell about answers that break the schema. */
  supportEmail: string;
  /** Where a user learns how to install the newest client (the CLI docs page). */
  installGuideUrl: string;
  /**
   * Cancels everything, attempts and the waits between them, when it aborts (the library's
   * `signal` option, Ctrl-C on the command line): the call then rejects with the signal's reason.
   */
  signal?: AbortSignal | undefined;
  /** Waits `ms`; rejects at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  now(): number;
  random(): number;
  /** Receives detail lines when debugging is on (`EARSHOT_DEBUG=1`). */
  debug(line: string): void;
}

/** Checks a parsed answer; `what` names the expected shape in messages (`PlatformsResponse`). */
export interface ResponseCheck<T> {
  what: string;
  check(value: unknown, source: string): { ok: true; value: T } | { ok: false; problems: string[] };
}

export interface ApiAnswer<T> {
  ok: true;
  url: string;
  /** The answer exactly as received, for `--json`. */
  text: string;
  value: T;
}

export type ApiResult<T> = ApiAnswer<T> | { ok: false; error: ClientError };

type Attempt = { kind: 'answer'; response: Response } | { kind: 'failed'; error: ClientError };

/**
 * GETs a JSON document: sends `Accept` and `User-Agent`, applies the timeout, retries on 429
 * within the policy, caps the body, rejects HTML, invalid JSON and anything the check refuses.
 * Never throws for anything a server or the network can do; every outcome is an `ApiResult`.
 */
export async function requestJson<T>(url: string, check: ResponseCheck<T>, context: RequestContext): Promise<ApiResult<T>> {
  let waitedMs = 0;
  for (let attempt = 0; ; attempt++) {
    context.signal?.throwIfAborted();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), context.timeoutMs);
    // The attempt stops on its own timeout or on the caller's signal, whichever comes first.
    const signal = context.signal ? AbortSignal.any([context.signal, controller.signal]) : controller.signal;
    try {
      const sent = await send(url, signal, context);
      if (sent.kind === 'failed') return { ok: false, error: sent.error };
      const { response } = sent;
      context.debug(`GET ${url} → HTTP ${response.status} ${response.statusText} (${response.headers.get('content-type') ?? 'no content type'})`);

      if (response.status === 429) {
        await response.body?.cancel().catch(() => {});
        const asked = parseRetryAfter(response.headers.get('retry-after'), context.now());
        const waitMs = asked ?? computeBackoffMs(attempt, context.retry, context.random);
        if (attempt >= context.retry.retries || waitedMs + waitMs > context.retry.maxTotalWaitMs) {
          return { ok: false, error: rateLimitedError(url, attempt + 1, asked, context) };
        }
        context.debug(`rate limited; waiting ${formatSeconds(waitMs)} (${asked === undefined ? 'backoff' : 'Retry-After'}) before retry ${attempt + 1} of ${context.retry.retries}`);
        clearTimeout(timer);
        await sleepUnlessAborted(waitMs, context);
        waitedMs += waitMs;
        continue;
      }
      return await readAnswer(url, response, check, context, signal);
    } catch (error) {
      // The caller gave up: that is not a failure of the API, so it is not reported as one.
      context.signal?.throwIfAborted();
      // Reading the body can fail too (timeout, connection reset mid-answer).
      return { ok: false, error: networkError(url, error, controller.signal, context) };
    } finally {
      clearTimeout(timer);
    }
  }
}

async function send(url: string, signal: AbortSignal, context: RequestContext): Promise<Attempt> {
  try {
    const response = await context.fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json', 'User-Agent': context.userAgent },
      signal,
      redirect: 'follow',
    });
    return { kind: 'answer', response };
  } catch (error) {
    context.signal?.throwIfAborted();
    return { kind: 'failed', error: networkError(url, error, signal, context) };
  }
}

/** The wait between retries; the caller's signal ends it with the signal's own reason. */
async function sleepUnlessAborted(ms: number, context: RequestContext): Promise<void> {
  try {
    await context.sleep(ms, context.signal);
  } catch (error) {
    context.signal?.throwIfAborted();
    throw error;
  }
}

async function readAnswer<T>(url: string, response: Response, check: ResponseCheck<T>, context: RequestContext, signal: AbortSignal): Promise<ApiResult<T>> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) return { ok: false, error: await httpError(url, response, context) };

  const body = await readCappedBody(response, context.maxBodyBytes);
  if (signal.aborted) throw signal.reason;
  if (!body.ok) {
    return fail('bad-response', `the answer from ${url} is larger than ${formatBytes(context.maxBodyBytes)}; stopped reading`, 'check that the base URL points at the Earshot API (--base-url or EARSHOT_BASE_URL)', response.status);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body.bytes);
  } catch {
    return fail('bad-response', `the answer from ${url} is not UTF-8 text`, 'check that the base URL points at the Earshot API (--base-url or EARSHOT_BASE_URL)', response.status);
  }
  if (isHtml(contentType, text)) {
    return fail('bad-response', `expected JSON from ${url} but got an HTML page`, 'the base URL probably points at a website, a proxy or a captive portal; check --base-url or EARSHOT_BASE_URL', response.status);
  }
  if (text.trim() === '') {
    return fail('bad-response', `the answer from ${url} is empty (HTTP ${response.status})`, `try again; if it persists, tell ${context.supportEmail}`, response.status);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    context.debug(`body starts with: ${toOneLine(text, 200)}`);
    return fail('bad-response', `the answer from ${url} is not valid JSON (${toOneLine(error instanceof Error ? error.message : String(error), 80)})`, `try again; if it persists, tell ${context.supportEmail}`, response.status);
  }
  const checked = check.check(value, new URL(url).pathname);
  if (!checked.ok) {
    const [first = 'unknown problem', ...rest] = checked.problems;
    const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '';
    return {
      ok: false,
      error: {
        kind: 'bad-response',
        status: response.status,
        message: `the answer from ${url} is not a valid ${check.what}: ${toOneLine(first, 200)}${more}`,
        hint: `install the newest client (see ${context.installGuideUrl}); if it persists, tell ${context.supportEmail} (EARSHOT_DEBUG=1 lists every problem)`,
        details: checked.problems,
      },
    };
  }
  return { ok: true, url, text, value: checked.value };
}

function fail(kind: ClientError['kind'], message: string, hint: string, status?: number): { ok: false; error: ClientError } {
  return { ok: false, error: { kind, message, hint, details: [], ...(status !== undefined && { status }) } };
}

/** HTML by its declared type, or, when the type is missing or wrong, by its first character. */
function isHtml(contentType: string, text: string): boolean {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return true;
  return /^\s*</.test(text);
}

async function httpError(url: string, response: Response, context: RequestContext): Promise<ClientError> {
  // An Error body (see the Error schema) says what went wrong in words; quote it when present.
  let said = '';
  const body = await readCappedBody(response, 64 * 1024).catch(() => undefined);
  if (body?.ok) {
    const text = new TextDecoder().decode(body.bytes);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string') {
        said = `: ${toOneLine((parsed as { error: string }).error, 80)}`;
      }
    } catch {
      context.debug(`body starts with: ${toOneLine(text, 200)}`);
    }
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${toOneLine(response.statusText, 40)}` : ''}`;
  const hint =
    response.status === 404
      ? 'check the base URL (--base-url or EARSHOT_BASE_URL): it must be the site itself, such as https://earshot.dev'
      : response.status >= 500
        ? 'the service has a problem; try again in a few minutes'
        : `check the base URL (--base-url or EARSHOT_BASE_URL); if it is right, tell ${context.supportEmail}`;
  return { kind: 'http-error', status: response.status, message: `GET ${url} answered ${status}${said}`, hint, details: [] };
}

function rateLimitedError(url: string, attempts: number, askedMs: number | undefined, context: RequestContext): ClientError {
  const tries = attempts === 1 ? 'once' : `${attempts} times`;
  const wait = askedMs === undefined ? 'wait a minute' : `wait ${formatSeconds(askedMs)} (the server's Retry-After)`;
  const cap = formatSeconds(context.retry.maxTotalWaitMs);
  return {
    kind: 'rate-limited',
    status: 429,
    message: `rate limited by ${new URL(url).host} (HTTP 429); tried ${tries}`,
    hint: `${wait} and try again, or allow more retries with --retries <n> (waits at most ${cap} in total)`,
    details: [],
  };
}

/** Node's fetch reports network failures as `TypeError: fetch failed` with the cause in `cause`. */
function networkError(url: string, error: unknown, signal: AbortSignal, context: RequestContext): ClientError {
  const { host } = new URL(url);
  const details = describeCauses(error);
  if (signal.aborted) {
    return {
      kind: 'unreachable',
      message: `no complete answer from ${url} within ${formatSeconds(context.timeoutMs)}`,
      hint: 'try again, or allow more time with --timeout <seconds>',
      details,
    };
  }
  const code = findErrorCode(error);
  const reasons: Record<string, string> = {
    ECONNREFUSED: `cannot connect to ${host}: connection refused`,
    ENOTFOUND: `cannot resolve the host name ${new URL(url).hostname}`,
    EAI_AGAIN: `cannot resolve the host name ${new URL(url).hostname} (DNS lookup timed out)`,
    ECONNRESET: `the connection to ${host} was reset`,
    UND_ERR_SOCKET: `the connection to ${host} closed unexpectedly`,
    ETIMEDOUT: `cannot connect to ${host}: timed out`,
    EHOSTUNREACH: `cannot reach ${host}: no route to host`,
    ENETUNREACH: `cannot reach ${host}: network unreachable`,
  };
  const dns = code === 'ENOTFOUND' || code === 'EAI_AGAIN';
  const tls = code !== undefined && /CERT|SSL|TLS/.test(code);
  const message = (code && reasons[code]) ?? (tls ? `TLS error talking to ${host} (${code})` : `cannot reach ${host}${code ? ` (${code})` : ''}`);
  const hint = dns
    ? 'check the host name in --base-url or EARSHOT_BASE_URL, and your network or DNS settings'
    : code === 'ECONNREFUSED'
      ? 'check --base-url or EARSHOT_BASE_URL and that the server is running'
      : 'check your network connection and proxy settings (HTTPS_PROXY, NO_PROXY), then try again';
  return { kind: 'unreachable', message, hint, details };
}

function findErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describeCauses(error: unknown): string[] {
  const lines: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    lines.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return lines.map((line) => toOneLine(line, 300));
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}
