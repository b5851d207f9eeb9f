import type { FetchLike } from './request-json.ts';

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

/**
 * The proxy variables that curl and most tools honour; the lowercase spelling wins, as in undici.
 * `undefined` when no proxy is set, which is the common case and keeps the fast path.
 */
export function readProxySettings(env: Record<string, string | undefined>): ProxySettings | undefined {
  const pick = (name: string) => (env[name.toLowerCase()] || env[name.toUpperCase()]) || undefined;
  const httpProxy = pick('http_proxy');
  const httpsProxy = pick('https_proxy');
  if (!httpProxy && !httpsProxy) return undefined;
  const noProxy = pick('no_proxy');
  return { ...(httpProxy && { httpProxy }), ...(httpsProxy && { httpsProxy }), ...(noProxy && { noProxy }) };
}

/**
 * The fetch the client uses. Node's built-in fetch ignores proxy variables (before Node 24's
 * opt-in `NODE_USE_ENV_PROXY`, which must be set before Node starts), so when one is set the
 * client loads undici, only then, and sends through its `EnvHttpProxyAgent`, which also applies
 * `NO_PROXY`. undici's own fetch is used with it so that dispatcher and fetch share one version
 * (`proxy-fetch.ts`).
 */
export async function createFetch(env: Record<string, string | undefined>, builtInFetch: FetchLike = globalThis.fetch): Promise<FetchLike> {
  const proxy = readProxySettings(env);
  if (!proxy) return builtInFetch;
  const { createProxyFetch } = await import('./proxy-fetch.ts');
  return createProxyFetch(proxy);
}
