/**
 * The test run's local server counts the rate limits only for requests sent to `127.0.0.1:<port>`
 * (`rateLimitedHost`, tooling/local-cdn/request-chain.ts): the rest of the suite, many users in
 * the CDN's eyes but one address, sends to `localhost:<port>`. A test of the limit sends its burst
 * to this name, and the windows there are as the CDN keeps them: per rule, per address and domain,
 * sliding. Against a deployment, the URL is the deployment's.
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

/**
 * Sends `init` to `url` until the CDN answers 429, at most `windowLimit + 1` times (another test
 * may have used part of the window already), and returns that 429 and how many were admitted
 * before it. Every admitted answer must be `admittedStatus`.
 */
export async function burstUntilLimited(
  url: string,
  windowLimit: number,
  init: RequestInit = {},
  admittedStatus = 200,
): Promise<{ response: Response; admitted: number }> {
  for (let sent = 0; sent <= windowLimit; sent += 1) {
    const response = await fetch(url, init);
    if (response.status === 429) return { response, admitted: sent };
    if (response.status !== admittedStatus)
      throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status} inside the window`);
    await response.body?.cancel();
  }
  throw new Error(`${windowLimit + 1} requests to ${url} got no 429`);
}
