import { Agent, fetch } from 'undici';

/**
 * The test run's local server counts the rate limits only for requests sent to `127.0.0.1:<port>`
 * (`rateLimitedHost`, tooling/local-cdn/request-chain.ts): the rest of the suite, many users in
 * the CDN's eyes but one address, sends to `localhost:<port>`. A test of the limit sends its burst
 * to this name, and the windows there are as the CDN keeps them: per rule, per address and domain,
 * sliding. Against a deployment, the URL is the deployment's.
 *
 * The browser sends from 127.0.0.1, and its CORS preflights count in the window of every method
 * but GET and HEAD (netlify/functions/other-methods.ts). A burst that must not spend the browser's
 * windows is sent from an address of its own (`OWN_CLIENT_ADDRESS`): another user, to the CDN.
 */
export function rateLimitedHost(port: number | string): string {
  return `127.0.0.1:${port}`;
}

/** Where a test sends requests that the rate limits count. */
export function rateLimitedUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.origin;
}

/** A second loopback address (Linux answers on all of 127.0.0.0/8): a burst sent from it fills windows of its own. */
export const OWN_CLIENT_ADDRESS = '127.0.0.2';

/**
 * Sends `method` to `url` until the CDN answers 429, at most `windowLimit + 1` times (another test
 * may have used part of the window already), and returns that 429 and how many were admitted
 * before it. Every admitted answer must be `admittedStatus`. `from` is the address it is sent from
 * when `url` is the local server's (127.0.0.1 by default, as the browser); a deployment sees this
 * machine's one address.
 */
export async function burstUntilLimited(
  url: string,
  windowLimit: number,
  { method = 'GET', admittedStatus = 200, from }: { method?: string; admittedStatus?: number; from?: string } = {},
) {
  const local = new URL(url).hostname === '127.0.0.1';
  const dispatcher = from === undefined || !local ? undefined : new Agent({ localAddress: from });
  try {
    for (let sent = 0; sent <= windowLimit; sent += 1) {
      const response = await fetch(url, { method, ...(dispatcher && { dispatcher }) });
      if (response.status === 429) return { response, admitted: sent };
      if (response.status !== admittedStatus)
        throw new Error(`${method} ${url} answered ${response.status} inside the window`);
      await response.body?.cancel();
    }
    throw new Error(`${windowLimit + 1} requests to ${url} got no 429`);
  } finally {
    // The 429 is read after this returns: the connection closes once its body is.
    void dispatcher?.close();
  }
}
