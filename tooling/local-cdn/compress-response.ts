/**
 * What Netlify's CDN does to an answer on its way out: text compressed with brotli or gzip, as the
 * client's `Accept-Encoding` asks (brotli preferred at equal weight), and `Vary: Accept-Encoding`
 * on every answer whose type it compresses. Already-compressed types (images, fonts, archives, the
 * client's tarball and MCP Bundle) leave as they are, as do HEAD and 304 answers, answers already
 * encoded, tiny bodies, and event streams (compressing one would hold its events back).
 * Node's own zlib: brotli quality 5 and gzip level 6, what a CDN spends on the fly.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Types worth compressing: text, and the JSON, JavaScript, XML, SVG and WebAssembly that compress as text does. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|wasm|manifest\+json|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;

/** Below this many bytes (when the length is known), compressing saves less than its headers cost. */
export const MIN_COMPRESSED_BYTES = 256;

/**
 * The encoding an `Accept-Encoding` value asks for, of those this server writes: the highest
 * q-value wins, brotli at equal weight; `*` stands for any not named; q=0 refuses.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return best;
}

/** Whether an answer of this type is one the CDN compresses (and so varies on Accept-Encoding). */
function isCompressibleType(contentType: string | undefined): boolean {
  return COMPRESSIBLE.test(contentType ?? '');
}

/**
 * The encoding to write an answer in, or undefined to leave it as it is: for a GET (or any method
 * with a body), a status with a body, a compressible type not already encoded, not a range.
 */
export function encodingFor(
  method: string,
  status: number,
  headers: OutgoingHttpHeaders,
  acceptEncoding: string | undefined,
): Encoding | undefined {
  if (method === 'HEAD' || status === 204 || status === 304 || status === 206 || status < 200) return undefined;
  if (headers['content-encoding'] !== undefined || headers['content-range'] !== undefined) return undefined;
  if (!isCompressibleType(String(headers['content-type'] ?? ''))) return undefined;
  const length = headers['content-length'];
  if (length !== undefined && Number(length) < MIN_COMPRESSED_BYTES) return undefined;
  return chooseEncoding(acceptEncoding);
}

/** `Vary` with `Accept-Encoding` added once to what the answer already varies on. */
function withAcceptEncoding(vary: number | string | readonly string[] | undefined): string {
  const names = [vary ?? []]
    .flat()
    .flatMap((value) => String(value).split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

/**
 * Makes `response` compress what is written to it, as the CDN would, once its status and headers
 * are known (`writeHead` with a headers object, as every part of the local CDN writes them).
 */
export function compressResponse(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead.bind(response);
  const write = response.write.bind(response) as (chunk: unknown) => boolean;
  const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
  const acceptEncoding = [request.headers['accept-encoding'] ?? []].flat().join(', ');
  response.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((argument) => typeof argument === 'object' && argument !== null) as
      OutgoingHttpHeaders | undefined;
    if (!headers || Array.isArray(headers)) return writeHead(status, ...(rest as []));
    const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    const varies = isCompressibleType(String(lower['content-type'] ?? '')) && !lower['content-encoding'];
    const encoding = encodingFor(request.method ?? 'GET', status, lower, acceptEncoding);
    if (!encoding) return writeHead(status, varies ? { ...lower, vary: withAcceptEncoding(lower.vary) } : lower);
    const { 'content-length': _length, ...kept } = lower;
    writeHead(status, { ...kept, 'content-encoding': encoding, vary: withAcceptEncoding(lower.vary) });
    const stream: BrotliCompress | Gzip =
      encoding === 'br'
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : createGzip({ level: 6 });
    stream.on('data', (chunk: Buffer) => write(chunk));
    stream.on('end', () => end());
    stream.on('error', () => response.destroy());
    response.write = ((chunk: unknown) => (chunk === undefined || stream.write(chunk as Buffer), true)) as never;
    response.end = ((chunk?: unknown) => {
      if (typeof chunk === 'function' || chunk === undefined || chunk === null) stream.end();
      else stream.end(chunk as Buffer);
      return response;
    }) as never;
    return response;
  }) as never;
}
