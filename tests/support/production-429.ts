import handler from '../../netlify/functions/too-many-requests.ts';

/**
 * The very answer the site gives over the rate limit: the 429 function's own Response, imported,
 * never retyped, so the client is tested against whatever the edge sends (its Retry-After, and
 * any header the function adds). Called the way Netlify calls a function, with the request.
 */
export async function productionTooManyRequests(url = 'https://earshot.dev/api/v1/platforms'): Promise<Response> {
  const call = handler as unknown as (request: Request, context: unknown) => Response | Promise<Response>;
  return await call(new Request(url), {});
}

/** The same answer as plain data, for a loopback server to send: status, headers, body. */
export async function productionTooManyRequestsParts(): Promise<{
  status: number;
  headers: Record<string, string>;
  body: string;
}> {
  const response = await productionTooManyRequests();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}
