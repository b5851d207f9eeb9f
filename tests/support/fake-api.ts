import { validCapabilities, validMcpConfig, validOpenApi, validPlatforms } from './misbehaving-server.ts';

/** The base URL the in-process tests give the client; `fakeApi` answers for it. */
export const FAKE_API = 'http://api.test';
const API = FAKE_API;

/** A fetch that answers like the API, from memory, and records what it was asked. */
export function fakeApi(
  answers: Record<
    string,
    | { status?: number; body: unknown; headers?: Record<string, string> }[]
    | { status?: number; body: unknown; headers?: Record<string, string> }
  > = {},
) {
  const calls: { url: string; headers: Headers }[] = [];
  const defaults: Record<string, { body: unknown }> = {
    [`${API}/api/v1/platforms`]: { body: validPlatforms },
    [`${API}/api/v1/capabilities`]: { body: validCapabilities(API, 'ok') },
    [`${API}/openapi.json`]: { body: validOpenApi },
    [`${API}/ok/mcp.json`]: { body: validMcpConfig(API) },
  };
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, headers: new Headers(init.headers) });
    const planned = answers[url] ?? defaults[url] ?? { status: 404, body: { error: 'Not Found', statusCode: 404 } };
    const answer = Array.isArray(planned)
      ? planned[Math.min(calls.filter((call) => call.url === url).length - 1, planned.length - 1)]!
      : planned;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, {
      status: (answer as { status?: number }).status ?? 200,
      headers: { 'content-type': 'application/json', ...(answer as { headers?: Record<string, string> }).headers },
    });
  };
  return { fetch, calls };
}
