import { readChangeNotice, type ChangeNotice } from './change-notice.ts';
import { toOneLine, type ClientError } from './client-error.ts';
import type { FetchLike } from './fetch-like.ts';
import type { ProxySettings } from './proxy-settings.ts';
import { describeCauses, describeNetworkError } from './describe-network-error.ts';
import { readCappedBody } from './read-capped-body.ts';
import { computeBackoffMs, MAX_RETRIES, parseRetryAfter, type RetryPolicy } from './retry-policy.ts';
import type { UrlSource } from './url-source.ts';

/** A wait before a retry, as reported to `RequestContext.onWait` before it starts. */
export interface RetryWait {
  url: string;
  waitMs: number;
  /** Which retry the wait leads to, from 1. */
  retry: number;
  retries: number;
  /** The longest the client waits in all for this request (`RetryPolicy.maxWaitMs`). */
  maxWaitMs: number;
  /** Whether the server said how long (`Retry-After`) or the client chose (backoff). */
  reason: 'retry-after' | 'backoff';
}

/** Everything a request depends on, injected so that tests control the network and the clock. */
export interface RequestContext {
  fetch: FetchLike;
  userAgent: string;
  /** Per attempt, from sending the request to the last byte of the answer. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** The setting that sets `retry.maxWaitMs`, as the caller names it: `--max-wait`, or the library's `maxWaitSeconds`. */
  maxWaitSetting: string;
  maxBodyBytes: number;
  /** Whom to tell about answers that break the schema. */
  supportEmail: string;
  /** Where a user learns how to install the newest client (the CLI docs page). */
  installGuideUrl: string;
  /** The proxy the default fetch sends through, if any: a connection failure there is reported as the proxy's. */
  proxy?: ProxySettings | undefined;
  /**
   * Cancels everything, attempts and the waits between them, when it aborts (the library's
   * `signal` option, Ctrl-C on the command line): the call then rejects with the signal's reason.
   */
  signal?: AbortSignal | undefined;
  /** Waits `ms`; rejects at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  now(): number;
  random(): number;
  /** Told of every wait before a retry, before it starts (the command line announces the long ones). */
  onWait?: ((wait: RetryWait) => void) | undefined;
  /** Receives detail lines when debugging is on (`EARSHOT_DEBUG=1`). */
  debug(line: string): void;
}

/** Checks a parsed answer; `what` names the expected shape in messages (`PlatformsResponse`). */
export interface ResponseCheck<T> {
  what: string;
  check(value: unknown, source: string): { ok: true; value: T } | { ok: false; problems: string[] };
}

interface ApiAnswer<T> {
  ok: true;
  url: string;
  /** The answer exactly as received, for `--json`. */
  text: string;
  value: T;
  /** The notice of an announced breaking change, when the answer's headers carry one. */
  notice?: ChangeNotice | undefined;
}

export type ApiResult<T> = ApiAnswer<T> | { ok: false; error: ClientError };

type Attempt = { kind: 'answer'; response: Response } | { kind: 'failed'; error: ClientError };

/**
 * How many redirects one request follows, as browsers and fetch do (20); one more is an error.
 * @see https://fetch.spec.whatwg.org/#http-redirect-fetch (step 5)
 */
const MAX_REDIRECTS = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a JSON document: sends `Accept` and `User-Agent`, applies the timeout, follows redirects
 * (reporting loops), retries on 429 within the policy, caps the body, rejects HTML, invalid JSON
 * and anything the check refuses. `source` says where the URL came from, for the messages.
 * Never throws for anything a server or the network can do; every outcome is an `ApiResult`.
 */
export async function requestJson<T>(
  url: string,
  check: ResponseCheck<T>,
  context: RequestContext,
  source: UrlSource,
): Promise<ApiResult<T>> {
  // Time spent waiting for the rate limit so far: all the waits of one request share one budget.
  let waitedMs = 0;
  for (let attempt = 0; ; attempt++) {
    context.signal?.throwIfAborted();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), context.timeoutMs);
    // The attempt stops on its own timeout or on the caller's signal, whichever comes first.
    const signal = context.signal ? AbortSignal.any([context.signal, controller.signal]) : controller.signal;
    try {
      const sent = await send(url, signal, controller.signal, context, source);
      if (sent.kind === 'failed') return { ok: false, error: sent.error };
      const { response } = sent;
      context.debug(
        `GET ${url} → HTTP ${response.status} ${response.statusText} (${response.headers.get('content-type') ?? 'no content type'})`,
      );

      if (response.status === 429) {
        await response.body?.cancel().catch(() => {});
        const asked = parseRetryAfter(response.headers.get('retry-after'), context.now());
        const leftMs = context.retry.maxWaitMs - waitedMs;
        if (asked !== undefined && asked > leftMs)
          return { ok: false, error: waitTooLongError(url, attempt + 1, asked, context) };
        if (attempt >= context.retry.retries || (asked === undefined && leftMs <= 0))
          return { ok: false, error: rateLimitedError(url, attempt + 1, asked, context) };
        const waitMs = asked ?? Math.min(leftMs, computeBackoffMs(attempt, context.retry, context.random));
        waitedMs += waitMs;
        const wait: RetryWait = {
          url,
          waitMs,
          retry: attempt + 1,
          retries: context.retry.retries,
          maxWaitMs: context.retry.maxWaitMs,
          reason: asked === undefined ? 'backoff' : 'retry-after',
        };
        context.debug(
          `rate limited; waiting ${formatSeconds(waitMs)} (${asked === undefined ? 'backoff' : 'Retry-After'}) before retry ${wait.retry} of ${wait.retries}`,
        );
        clearTimeout(timer);
        context.onWait?.(wait);
        await sleepUnlessAborted(waitMs, context);
        continue;
      }
      return await readAnswer(url, response, check, context, signal, source);
    } catch (error) {
      // The caller gave up: that is not a failure of the API, so it is not reported as one.
      context.signal?.throwIfAborted();
      // Reading the body can fail too (timeout, connection reset mid-answer).
      return { ok: false, error: networkError(url, error, controller.signal, context, source) };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Sends the request and follows redirects itself (fetch's own following reports a loop only as
 * "redirect count exceeded", with no word of where): a URL seen before in the chain is a loop,
 * named with the URLs that form it; more than `MAX_REDIRECTS` is too many.
 */
async function send(
  url: string,
  signal: AbortSignal,
  timeout: AbortSignal,
  context: RequestContext,
  source: UrlSource,
): Promise<Attempt> {
  const chain = [url];
  for (;;) {
    const current = chain.at(-1)!;
    let response: Response;
    try {
      response = await context.fetch(current, {
        method: 'GET',
        headers: { Accept: 'application/json', 'User-Agent': context.userAgent },
        signal,
        redirect: 'manual',
      });
    } catch (error) {
      context.signal?.throwIfAborted();
      return {
        kind: 'failed',
        error: networkError(
          current,
          error,
          timeout,
          context,
          chain.length > 1 ? { describe: `a redirect from ${url}` } : source,
        ),
      };
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return { kind: 'answer', response };
    await response.body?.cancel().catch(() => {});
    const step = judgeRedirect(chain, location, response.status, { url, source, context });
    if ('error' in step) return { kind: 'failed', error: step.error };
    context.debug(`GET ${current} → HTTP ${response.status}, redirected to ${step.next}`);
    chain.push(step.next);
  }
}

/**
 * Where a redirect from the last URL of `chain` leads, or why it is not followed: a `Location`
 * that is not an http(s) URL, a URL seen before in the chain (a loop), or one past `MAX_REDIRECTS`.
 */
function judgeRedirect(
  chain: readonly string[],
  location: string,
  status: number,
  request: { url: string; source: UrlSource; context: RequestContext },
): { next: string } | { error: ClientError } {
  const current = chain.at(-1)!;
  const refuse = (message: string) => ({
    error: {
      kind: 'bad-response' as const,
      status,
      message,
      hint: redirectHint(request.url, request.source, request.context),
      details: [...chain],
    },
  });
  let next: URL | undefined;
  try {
    next = new URL(location, current);
  } catch {
    next = undefined;
  }
  if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:'))
    return refuse(`${current} redirects to ${JSON.stringify(toOneLine(location, 100))}, which is not an http(s) URL`);
  const seen = chain.indexOf(next.href);
  if (seen !== -1) return refuse(`redirect loop: ${describeChain([...chain.slice(seen), next.href])}`);
  if (chain.length > MAX_REDIRECTS)
    return refuse(`too many redirects from ${request.url}: more than ${MAX_REDIRECTS}, the last to ${next.href}`);
  return { next: next.href };
}

/** `a → b → a`, shortened in the middle when long. */
function describeChain(urls: readonly string[]): string {
  const shown = urls.length <= 5 ? urls : [...urls.slice(0, 2), `… (${urls.length - 4} more)`, ...urls.slice(-2)];
  return shown.join(' → ');
}

/** A redirect problem is the server's (or a proxy's) to fix; the user can only point elsewhere. */
function redirectHint(url: string, source: UrlSource, context: RequestContext): string {
  const { host } = new URL(url);
  return source.setting
    ? `${host} is misconfigured, or is not the Earshot API: check ${source.setting}; if it is right, tell ${context.supportEmail}`
    : `the server's link leads nowhere; tell ${context.supportEmail}`;
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

async function readAnswer<T>(
  url: string,
  response: Response,
  check: ResponseCheck<T>,
  context: RequestContext,
  signal: AbortSignal,
  source: UrlSource,
): Promise<ApiResult<T>> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) return { ok: false, error: await httpError(url, response, context, source) };

  const notTheApi = source.setting
    ? `check that ${source.setting} points at the Earshot API`
    : `the server's link points elsewhere; tell ${context.supportEmail}`;
  const body = await readCappedBody(response, context.maxBodyBytes);
  if (signal.aborted) throw signal.reason;
  if (!body.ok)
    return fail(
      'bad-response',
      `the answer from ${url} is larger than ${formatBytes(context.maxBodyBytes)}; stopped reading`,
      notTheApi,
      response.status,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body.bytes);
  } catch {
    return fail('bad-response', `the answer from ${url} is not UTF-8 text`, notTheApi, response.status);
  }
  if (isHtml(contentType, text)) {
    const hint = source.setting
      ? `the base URL probably points at a website, a proxy or a captive portal; check ${source.setting}`
      : `a proxy or captive portal may be answering; if not, tell ${context.supportEmail}`;
    return fail('bad-response', `expected JSON from ${url} but got an HTML page`, hint, response.status);
  }
  if (text.trim() === '') {
    return fail(
      'bad-response',
      `the answer from ${url} is empty (HTTP ${response.status})`,
      `try again; if it persists, tell ${context.supportEmail}`,
      response.status,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    context.debug(`body starts with: ${toOneLine(text, 200)}`);
    return fail(
      'bad-response',
      `the answer from ${url} is not valid JSON (${toOneLine(error instanceof Error ? error.message : String(error), 80)})`,
      `try again; if it persists, tell ${context.supportEmail}`,
      response.status,
    );
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
  const notice = readChangeNotice(response.headers, url);
  return { ok: true, url, text, value: checked.value, ...(notice && { notice }) };
}

function fail(
  kind: ClientError['kind'],
  message: string,
  hint: string,
  status?: number,
): { ok: false; error: ClientError } {
  return { ok: false, error: { kind, message, hint, details: [], ...(status !== undefined && { status }) } };
}

/** HTML by its declared type, or, when the type is missing or wrong, by its first character. */
function isHtml(contentType: string, text: string): boolean {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return true;
  return /^\s*</.test(text);
}

async function httpError(
  url: string,
  response: Response,
  context: RequestContext,
  source: UrlSource,
): Promise<ClientError> {
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
    response.status >= 500
      ? 'the service has a problem; try again in a few minutes'
      : !source.setting
        ? `the server's own link is broken; tell ${context.supportEmail}`
        : response.status === 404
          ? `check ${source.setting}: it must be the site itself, such as https://earshot.dev`
          : `check ${source.setting}; if it is right, tell ${context.supportEmail}`;
  return {
    kind: 'http-error',
    status: response.status,
    message: `GET ${url} answered ${status}${said}`,
    hint,
    details: [],
  };
}

/** Every allowed retry was rate limited too. More retries can help, as long as there are more to allow. */
function rateLimitedError(
  url: string,
  attempts: number,
  askedMs: number | undefined,
  context: RequestContext,
): ClientError {
  const tries = attempts === 1 ? 'once' : `${attempts} times`;
  const wait =
    askedMs === undefined
      ? 'wait a minute'
      : `wait ${formatWait(askedMs)} (the server's Retry-After, until ${formatClockTime(context.now() + askedMs, context.now())})`;
  const more =
    context.retry.retries < MAX_RETRIES
      ? `, or allow ${context.retry.retries === 0 ? '' : 'more '}retries with --retries <n>`
      : '';
  return {
    kind: 'rate-limited',
    status: 429,
    message: `rate limited by ${new URL(url).host} (HTTP 429); tried ${tries}`,
    hint: `${wait} and try again${more}`,
    details: [],
  };
}

/**
 * The server asks for a longer wait than the client has left to give (`--max-wait`, `maxWaitSeconds`): only
 * waiting helps, so the hint says only that, in seconds and as a time, so that whoever reads it
 * later (a person, or a model reading a tool's error result) still knows when.
 */
function waitTooLongError(url: string, attempts: number, askedMs: number, context: RequestContext): ClientError {
  const tries = attempts === 1 ? 'once' : `${attempts} times`;
  const now = context.now();
  return {
    kind: 'rate-limited',
    status: 429,
    message: `rate limited by ${new URL(url).host} (HTTP 429); tried ${tries}, and the server asks to wait ${formatWait(askedMs)}, longer than the ${formatSeconds(context.retry.maxWaitMs)} this client waits in all (${context.maxWaitSetting})`,
    hint: `try again in ${formatWait(askedMs)}, at ${formatClockTime(now + askedMs, now)} or later`,
    details: [],
  };
}

/**
 * A moment as a clock reads it, in UTC: `14:06:00 UTC` today, `2026-11-25 14:06 UTC` on another
 * day. Rounded up to the second, so that it is never earlier than the wait.
 */
function formatClockTime(atMs: number, nowMs: number): string {
  const at = new Date(Math.ceil(atMs / 1000) * 1000).toISOString();
  const sameDay = at.slice(0, 10) === new Date(nowMs).toISOString().slice(0, 10);
  return sameDay ? `${at.slice(11, 19)} UTC` : `${at.slice(0, 10)} ${at.slice(11, 16)} UTC`;
}

function networkError(
  url: string,
  error: unknown,
  timeout: AbortSignal,
  context: RequestContext,
  source: UrlSource,
): ClientError {
  if (timeout.aborted) {
    return {
      kind: 'unreachable',
      message: `no complete answer from ${url} within ${formatSeconds(context.timeoutMs)}`,
      hint: 'try again, or allow more time with --timeout <seconds>',
      details: describeCauses(error),
    };
  }
  return describeNetworkError(url, error, { source, proxy: context.proxy, supportEmail: context.supportEmail });
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** A wait a server asked for, readable at any size: `60 s`, `60 min`, `3 days`, `more than a year`. */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 600) return `${seconds} s`;
  if (seconds < 48 * 3600) return `${Math.ceil(seconds / 60)} min`;
  if (seconds <= 365 * 86400) return `${Math.ceil(seconds / 86400)} days`;
  return 'more than a year';
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}
