import { DEFAULT_RETRIES, DEFAULT_RETRY_POLICY, MAX_MAX_WAIT_SECONDS, MAX_RETRIES } from './retry-policy.ts';
import type { BaseUrlChoice } from './url-source.ts';

/** How to reach the API, resolved from flags, environment and the built-in defaults. */
export interface ClientSettings {
  /** Absolute http(s) URL without a trailing slash, such as `https://earshot.dev`. */
  baseUrl: string;
  /** Where the base URL came from, named in messages about it (the built-in one when absent). */
  baseUrlSource?: BaseUrlChoice | undefined;
  timeoutMs: number;
  retries: number;
  /** The longest wait for the rate limit in all, over every retry (`--max-wait`); the retry policy's default when absent. */
  maxWaitMs?: number | undefined;
  /** The setting that set the longest wait, named in the error when the server asks for more: `--max-wait` when absent. */
  maxWaitSetting?: string | undefined;
  debug: boolean;
}

/** The raw values as a user typed them (`--base-url`, `--timeout`, `--retries`). */
export interface ClientSettingInputs {
  baseUrl?: string | undefined;
  timeout?: string | undefined;
  retries?: string | undefined;
  maxWait?: string | undefined;
}

export const DEFAULT_TIMEOUT_SECONDS = 10;
export const MAX_TIMEOUT_SECONDS = 300;

export type SettingsResult = { ok: true; settings: ClientSettings } | { ok: false; message: string; hint: string };

/**
 * Base URL: `--base-url`, else `EARSHOT_BASE_URL`, else the production URL baked in at build.
 * Every problem here is a usage error: nothing was sent yet.
 */
export function resolveClientSettings(
  inputs: ClientSettingInputs,
  env: Record<string, string | undefined>,
  productionBaseUrl: string,
  /** `--max-wait` when not given: one rate-limit window on the command line, a few seconds for `earshot mcp`. */
  defaultMaxWaitSeconds = DEFAULT_RETRY_POLICY.maxWaitMs / 1000,
): SettingsResult {
  const [source, rawBaseUrl] =
    inputs.baseUrl !== undefined
      ? ['--base-url', inputs.baseUrl]
      : env.EARSHOT_BASE_URL
        ? ['EARSHOT_BASE_URL', env.EARSHOT_BASE_URL]
        : ['the built-in base URL', productionBaseUrl];
  const baseUrl = normalizeBaseUrl(rawBaseUrl);
  if (baseUrl === undefined) {
    return {
      ok: false,
      message: `${source} must be an absolute http(s) URL such as https://earshot.dev (got ${JSON.stringify(rawBaseUrl)})`,
      hint: "pass the site's address, for example --base-url http://localhost:8888",
    };
  }
  const timeout = inputs.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(inputs.timeout);
  if (inputs.timeout?.trim() === '' || !Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_SECONDS) {
    return {
      ok: false,
      message: `--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS} (got ${JSON.stringify(inputs.timeout)})`,
      hint: 'for example --timeout 30',
    };
  }
  const retries = inputs.retries === undefined ? DEFAULT_RETRIES : Number(inputs.retries);
  if (!/^\d+$/.test(inputs.retries ?? '0') || retries > MAX_RETRIES) {
    return {
      ok: false,
      message: `--retries must be a whole number from 0 to ${MAX_RETRIES} (got ${JSON.stringify(inputs.retries)})`,
      hint: 'for example --retries 5',
    };
  }
  const maxWait = inputs.maxWait === undefined ? defaultMaxWaitSeconds : Number(inputs.maxWait);
  if (!/^\d+$/.test(inputs.maxWait ?? '0') || maxWait > MAX_MAX_WAIT_SECONDS) {
    return {
      ok: false,
      message: `--max-wait must be a whole number of seconds from 0 to ${MAX_MAX_WAIT_SECONDS} (got ${JSON.stringify(inputs.maxWait)})`,
      hint: 'for example --max-wait 0 to fail at once when rate limited',
    };
  }
  const baseUrlSource: BaseUrlChoice = source === 'the built-in base URL' ? 'built-in' : (source as BaseUrlChoice);
  return {
    ok: true,
    settings: {
      baseUrl,
      baseUrlSource,
      timeoutMs: Math.round(timeout * 1000),
      retries,
      maxWaitMs: maxWait * 1000,
      debug: isTruthy(env.EARSHOT_DEBUG),
    },
  };
}

/** An absolute http(s) URL, optionally with a path prefix, without query, fragment or credentials. */
export function normalizeBaseUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password)
    return undefined;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** `earshot/1.0.0 (node v20.20.2; linux x64)`, so that server logs can tell clients apart. */
export function buildUserAgent(
  version: string,
  runtime: { version: string; platform: string; arch: string } = process,
): string {
  return `earshot/${version} (node ${runtime.version}; ${runtime.platform} ${runtime.arch})`;
}
