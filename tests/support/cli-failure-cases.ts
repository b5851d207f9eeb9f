/**
 * Every failure the client must survive, as data: the arguments that provoke it against the
 * misbehaving server, and what must come out. Shared by the in-process unit tests and the
 * black-box tests of the installed binary, so both hold the client to the same promises.
 */
export interface FailureCase {
  name: string;
  /** `server` is the misbehaving server's URL; `closedPort` a loopback port nobody listens on. */
  args(server: string, closedPort: number): string[];
  exitCode: number;
  /** The one `error:` line, without the prefix. */
  error: RegExp;
  /** The one `hint:` line, without the prefix. */
  hint: RegExp;
}

const platforms = (base: string, ...more: string[]) => ['platforms', '--base-url', base, ...more];

export const failureCases: readonly FailureCase[] = [
  {
    name: 'rate limited on every retry (429 with Retry-After: 0)',
    args: (server) => platforms(`${server}/rate-limited`, '--retries', '2'),
    exitCode: 3,
    error: /^rate limited by 127\.0\.0\.1:\d+ \(HTTP 429\); tried 3 times$/,
    hint: /^wait 0 s \(the server's Retry-After\) and try again, or allow more retries with --retries <n> \(waits at most 30 s in total\)$/,
  },
  {
    name: 'rate limited with a Retry-After beyond the total wait cap',
    args: (server) => platforms(`${server}/rate-limited-long`),
    exitCode: 3,
    error: /^rate limited by 127\.0\.0\.1:\d+ \(HTTP 429\); tried once$/,
    hint: /^wait 3600 s \(the server's Retry-After\) and try again/,
  },
  {
    name: 'connection refused',
    args: (_server, closedPort) => platforms(`http://127.0.0.1:${closedPort}`),
    exitCode: 4,
    error: /^cannot connect to 127\.0\.0\.1:\d+: connection refused$/,
    hint: /^check --base-url or EARSHOT_BASE_URL and that the server is running$/,
  },
  {
    name: 'DNS failure',
    args: () => platforms('http://nonexistent.invalid'),
    exitCode: 4,
    error: /^cannot resolve the host name nonexistent\.invalid/,
    hint: /^check the host name in --base-url or EARSHOT_BASE_URL, and your network or DNS settings$/,
  },
  {
    name: 'timeout',
    args: (server) => platforms(`${server}/silent`, '--timeout', '0.3'),
    exitCode: 4,
    error: /^no complete answer from http:\/\/127\.0\.0\.1:\d+\/silent\/api\/v1\/platforms within 0\.3 s$/,
    hint: /^try again, or allow more time with --timeout <seconds>$/,
  },
  {
    name: '5xx',
    args: (server) => platforms(`${server}/server-error`),
    exitCode: 1,
    error: /^GET http:\/\/127\.0\.0\.1:\d+\/server-error\/api\/v1\/platforms answered HTTP 503 Service Unavailable: Service Unavailable$/,
    hint: /^the service has a problem; try again in a few minutes$/,
  },
  {
    name: '404',
    args: (server) => platforms(`${server}/not-found`),
    exitCode: 1,
    error: /^GET http:\/\/127\.0\.0\.1:\d+\/not-found\/api\/v1\/platforms answered HTTP 404 Not Found: Not Found$/,
    hint: /^check the base URL \(--base-url or EARSHOT_BASE_URL\): it must be the site itself/,
  },
  {
    name: 'HTML instead of JSON',
    args: (server) => platforms(`${server}/html`),
    exitCode: 5,
    error: /^expected JSON from http:\/\/127\.0\.0\.1:\d+\/html\/api\/v1\/platforms but got an HTML page$/,
    hint: /^the base URL probably points at a website, a proxy or a captive portal/,
  },
  {
    name: 'invalid JSON',
    args: (server) => platforms(`${server}/invalid-json`),
    exitCode: 5,
    error: /^the answer from http:\/\/127\.0\.0\.1:\d+\/invalid-json\/api\/v1\/platforms is not valid JSON \(.+\)$/,
    hint: /^try again; if it persists, tell support@earshot\.dev$/,
  },
  {
    name: 'JSON that breaks the schema',
    args: (server) => platforms(`${server}/schema-breaking`),
    exitCode: 5,
    error: /^the answer from http:\/\/127\.0\.0\.1:\d+\/schema-breaking\/api\/v1\/platforms is not a valid PlatformsResponse: \/schema-breaking\/api\/v1\/platforms#\/data\/0: must have the property "name"$/,
    hint: /^install the newest client \(see https:\/\/earshot\.dev\/docs\/cli\/#install\)/,
  },
  {
    name: 'oversized body without Content-Length',
    args: (server) => platforms(`${server}/oversized`),
    exitCode: 5,
    error: /^the answer from http:\/\/127\.0\.0\.1:\d+\/oversized\/api\/v1\/platforms is larger than 4 MiB; stopped reading$/,
    hint: /^check that the base URL points at the Earshot API/,
  },
  {
    name: 'oversized body announced by Content-Length',
    args: (server) => platforms(`${server}/oversized-declared`),
    exitCode: 5,
    error: /is larger than 4 MiB; stopped reading$/,
    hint: /^check that the base URL points at the Earshot API/,
  },
];
