/**
 * The fetch behind a proxy, in a module of its own that `create-fetch.ts` loads with `import()`
 * only when a proxy variable is set.
 *
 * undici is CommonJS. Imported statically here, esbuild wraps it with its CommonJS-to-ESM interop
 * inside this chunk, so `EnvHttpProxyAgent` and `fetch` are real named bindings. A dynamic
 * `import('undici')` from our code instead resolved, in the split bundle, to a namespace whose only
 * export is `default`: `EnvHttpProxyAgent is not a constructor` in the packed client, while the
 * same code worked from source. tests/unit/cli-bundle.test.ts runs this chunk from the bundle.
 * @see https://github.com/evanw/esbuild/issues/3245
 */
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from './fetch-like.ts';
import type { ProxySettings } from './proxy-settings.ts';

export function createProxyFetch(proxy: ProxySettings): FetchLike {
  // Plain-HTTP targets go to the proxy as ordinary requests (absolute URL), as curl sends them,
  // which every HTTP proxy understands; HTTPS targets always tunnel with CONNECT.
  const dispatcher = new EnvHttpProxyAgent({ ...proxy, proxyTunnel: false });
  return (url, init) => undiciFetch(url, { ...(init as object), dispatcher }) as unknown as Promise<Response>;
}
