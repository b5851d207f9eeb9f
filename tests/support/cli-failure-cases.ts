/**
 * Every failure the client must survive, as data: the arguments (and environment) that provoke it
 * against the misbehaving server, and the exact `error:` and `hint:` lines that must come out.
 * Shared by the in-process unit tests and the black-box tests of the installed binary, so both
 * hold the client to the same promises.
 */
export interface FailureCase {
  name: string;
  /** `server` is the misbehaving server's URL; `closedPort` a loopback port nobody listens on. */
  args(server: string, closedPort: number): string[];
  /** Variables to run with, such as a proxy. */
  env?(server: string, closedPort: number): Record<string, string>;
  exitCode: number;
  /** The one `error:` line, without the prefix: anchored, the whole line. */
  error: RegExp;
  /** The one `hint:` line, without the prefix: anchored, the whole line. */
  hint: RegExp;
}

const platforms = (base: string, ...more: string[]) => ['platforms', '--base-url', base, ...more];
const HOST = String.raw`127\.0\.0\.1:\d+`;
const line = (pattern: string) => new RegExp(`^${pattern}$`);

export const failureCases: readonly FailureCase[] = [
  {
    name: 'rate limited on every retry (429 with Retry-After: 0)',
    args: (server) => platforms(`${server}/rate-limited`, '--retries', '2'),
    exitCode: 3,
    error: line(String.raw`rate limited by ${HOST} \(HTTP 429\); tried 3 times`),
    hint: line(
      String.raw`wait 0 s \(the server's Retry-After, until \d\d:\d\d:\d\d UTC\) and try again, or allow more retries with --retries <n>`,
    ),
  },
  {
    // More retries cannot help here, so the hint does not offer them.
    name: 'rate limited with a Retry-After longer than the client waits',
    args: (server) => platforms(`${server}/rate-limited-long`),
    exitCode: 3,
    error: line(
      String.raw`rate limited by ${HOST} \(HTTP 429\); tried once, and the server asks to wait 60 min, longer than the 60 s this client waits in all \(--max-wait\)`,
    ),
    hint: line(String.raw`try again in 60 min, at (\d\d:\d\d:\d\d|\d{4}-\d\d-\d\d \d\d:\d\d) UTC or later`),
  },
  {
    name: 'connection refused',
    args: (_server, closedPort) => platforms(`http://127.0.0.1:${closedPort}`),
    exitCode: 4,
    error: line(String.raw`cannot connect to ${HOST}: connection refused`),
    hint: line(String.raw`check that a server is running at http://${HOST}, or the port in --base-url`),
  },
  {
    name: 'DNS failure of the host in --base-url',
    args: () => platforms('http://nonexistent.invalid'),
    exitCode: 4,
    error: line(String.raw`cannot resolve the host name nonexistent\.invalid \(from --base-url\)`),
    hint: line(String.raw`check the host name in --base-url, and your network's DNS`),
  },
  {
    // The user did not choose this host: the hint must not send them to --base-url.
    name: 'DNS failure of the host the resources.mcp link names',
    args: (server) => ['mcp', 'config', '--base-url', `${server}/mcp-elsewhere`],
    exitCode: 4,
    error: line(
      String.raw`cannot resolve the host name mcp\.nonexistent\.invalid \(from the resources\.mcp link of http://${HOST}/mcp-elsewhere/api/v1/capabilities\)`,
    ),
    hint: line(
      String.raw`the server links to a host that does not resolve; try again later, and if it persists tell support@earshot\.dev`,
    ),
  },
  {
    name: 'an https URL for a plain http server',
    args: (server) => platforms(server.replace(/^http:/, 'https:')),
    exitCode: 4,
    error: line(
      String.raw`TLS handshake with ${HOST} failed: the server does not speak TLS there \(an https:// URL for a plain http:// server\?\)`,
    ),
    hint: line(String.raw`if the server serves plain HTTP, use http://${HOST} in --base-url`),
  },
  {
    name: 'a proxy that refuses connections',
    args: (server) => platforms(`${server}/ok`),
    env: (_server, closedPort) => ({ HTTP_PROXY: `http://127.0.0.1:${closedPort}` }),
    exitCode: 4,
    error: line(String.raw`cannot connect to the proxy http://${HOST} \(from HTTP_PROXY\): connection refused`),
    hint: line(String.raw`check HTTP_PROXY, or set NO_PROXY=127\.0\.0\.1 to reach 127\.0\.0\.1 without the proxy`),
  },
  {
    name: 'a redirect loop',
    args: (server) => platforms(`${server}/redirect-loop`),
    exitCode: 5,
    error: line(
      String.raw`redirect loop: http://${HOST}/redirect-loop/api/v1/platforms → http://${HOST}/redirect-loop/elsewhere → http://${HOST}/redirect-loop/api/v1/platforms`,
    ),
    hint: line(
      String.raw`${HOST} is misconfigured, or is not the Earshot API: check --base-url; if it is right, tell support@earshot\.dev`,
    ),
  },
  {
    name: 'too many redirects',
    args: (server) => platforms(`${server}/redirect-forever`),
    exitCode: 5,
    error: line(
      String.raw`too many redirects from http://${HOST}/redirect-forever/api/v1/platforms: more than 20, the last to http://${HOST}/redirect-forever/21`,
    ),
    hint: line(
      String.raw`${HOST} is misconfigured, or is not the Earshot API: check --base-url; if it is right, tell support@earshot\.dev`,
    ),
  },
  {
    name: 'timeout',
    args: (server) => platforms(`${server}/silent`, '--timeout', '0.3'),
    exitCode: 4,
    error: line(String.raw`no complete answer from http://${HOST}/silent/api/v1/platforms within 0\.3 s`),
    hint: line('try again, or allow more time with --timeout <seconds>'),
  },
  {
    name: '5xx',
    args: (server) => platforms(`${server}/server-error`),
    exitCode: 1,
    error: line(
      String.raw`GET http://${HOST}/server-error/api/v1/platforms answered HTTP 503 Service Unavailable: Service Unavailable`,
    ),
    hint: line('the service has a problem; try again in a few minutes'),
  },
  {
    name: '404',
    args: (server) => platforms(`${server}/not-found`),
    exitCode: 1,
    error: line(String.raw`GET http://${HOST}/not-found/api/v1/platforms answered HTTP 404 Not Found: Not Found`),
    hint: line(String.raw`check --base-url: it must be the site itself, such as https://earshot\.dev`),
  },
  {
    name: 'HTML instead of JSON',
    args: (server) => platforms(`${server}/html`),
    exitCode: 5,
    error: line(String.raw`expected JSON from http://${HOST}/html/api/v1/platforms but got an HTML page`),
    hint: line('the base URL probably points at a website, a proxy or a captive portal; check --base-url'),
  },
  {
    name: 'invalid JSON',
    args: (server) => platforms(`${server}/invalid-json`),
    exitCode: 5,
    error: line(String.raw`the answer from http://${HOST}/invalid-json/api/v1/platforms is not valid JSON \(.+\)`),
    hint: line(String.raw`try again; if it persists, tell support@earshot\.dev`),
  },
  {
    name: 'JSON missing a required field',
    args: (server) => platforms(`${server}/schema-breaking`),
    exitCode: 5,
    error: line(
      String.raw`the answer from http://${HOST}/schema-breaking/api/v1/platforms is not a valid PlatformsResponse: /schema-breaking/api/v1/platforms#/data/0: must have the property "name"`,
    ),
    hint: line(
      String.raw`install the newest client \(see https://earshot\.dev/docs/cli/#install\); if it persists, tell support@earshot\.dev \(EARSHOT_DEBUG=1 lists every problem\)`,
    ),
  },
  {
    name: 'oversized body without Content-Length',
    args: (server) => platforms(`${server}/oversized`),
    exitCode: 5,
    error: line(
      String.raw`the answer from http://${HOST}/oversized/api/v1/platforms is larger than 4 MiB; stopped reading`,
    ),
    hint: line('check that --base-url points at the Earshot API'),
  },
  {
    name: 'oversized body announced by Content-Length',
    args: (server) => platforms(`${server}/oversized-declared`),
    exitCode: 5,
    error: line(
      String.raw`the answer from http://${HOST}/oversized-declared/api/v1/platforms is larger than 4 MiB; stopped reading`,
    ),
    hint: line('check that --base-url points at the Earshot API'),
  },
];
