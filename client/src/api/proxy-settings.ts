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
  const pick = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;
  const httpProxy = pick('http_proxy');
  const httpsProxy = pick('https_proxy');
  if (!httpProxy && !httpsProxy) return undefined;
  const noProxy = pick('no_proxy');
  return { ...(httpProxy && { httpProxy }), ...(httpsProxy && { httpsProxy }), ...(noProxy && { noProxy }) };
}
