import type { FetchLike } from './fetch-like.ts';
import { readProxySettings } from './proxy-settings.ts';

/**
 * The fetch the client uses. Node's built-in fetch ignores proxy variables (before Node 24's
 * opt-in `NODE_USE_ENV_PROXY`, which must be set before Node starts), so when one is set the
 * client loads undici, only then, and sends through its `EnvHttpProxyAgent`, which also applies
 * `NO_PROXY`. undici's own fetch is used with it so that dispatcher and fetch share one version
 * (`proxy-fetch.ts`).
 */
export async function createFetch(
  env: Record<string, string | undefined>,
  builtInFetch: FetchLike = globalThis.fetch,
): Promise<FetchLike> {
  const proxy = readProxySettings(env);
  if (!proxy) return builtInFetch;
  const { createProxyFetch } = await import('./proxy-fetch.ts');
  return createProxyFetch(proxy);
}
