/**
 * Markdown on request: a page asked for with an `Accept` header that prefers `text/markdown` is
 * answered with its Markdown twin (`/docs/cli/` → `/docs/cli.md`), which the build writes beside
 * every page (site/integrations/markdown-pages.ts). Browsers and `*\/*` keep the HTML.
 * netlify/edge-functions/markdown-negotiation.ts runs this on the CDN.
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1 (Accept, q-values)
 * @see https://www.rfc-editor.org/rfc/rfc7763 (text/markdown)
 */
import { resolveSitePath } from '../../../contract/site-path.ts';
import { markdownPathOf } from '../discovery/build-llms-full-txt.ts';

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  /** Position in the header, for the tie-break below. */
  index: number;
}

/** The media ranges of an `Accept` header, lower-cased, with their q-values (1 when absent). */
function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part, index) => {
    // Stryker disable next-line StringLiteral: split() always returns a first piece, so the default is never used.
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    // Stryker disable next-line ConditionalExpression,LogicalOperator,ArrayDeclaration: a range without a type or a subtype matches neither text/… nor */*, kept or not.
    if (!type || !subtype) return [];
    const qParameter = parameters.find((parameter) => /^q\s*=/i.test(parameter));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(qParameter.indexOf('=') + 1));
    // Stryker disable next-line ArrayDeclaration: whatever stands for a refused range matches no type.
    if (!Number.isFinite(q) || q < 0 || q > 1) return [];
    return [{ type, subtype, q, index }];
  });
}

/**
 * The q-value of `type/subtype` under these ranges: that of the most specific range that matches
 * it (`text/markdown` over `text/*` over `*\/*`), 0 when none does; and whether it is named exactly.
 */
function qualityOf(ranges: MediaRange[], type: string, subtype: string): { q: number; exact?: MediaRange } {
  const exact = ranges.find((range) => range.type === type && range.subtype === subtype);
  if (exact) return { q: exact.q, exact };
  const partial = ranges.find((range) => range.type === type && range.subtype === '*');
  if (partial) return { q: partial.q };
  return { q: ranges.find((range) => range.type === '*' && range.subtype === '*')?.q ?? 0 };
}

/**
 * Whether a request with this `Accept` header gets Markdown rather than HTML: when it rates
 * `text/markdown` above `text/html`; or as high, if it names `text/markdown` itself, before any
 * `text/html` it names (RFC 9110 leaves ties to the server; a client that lists Markdown first,
 * such as `text/markdown, text/html`, asks for it). A browser's `Accept`, `*\/*` and no header at
 * all keep the HTML: none of them names Markdown.
 */
function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const markdown = qualityOf(ranges, 'text', 'markdown');
  const html = qualityOf(ranges, 'text', 'html');
  if (markdown.q === 0) return false;
  // Stryker disable next-line EqualityOperator: the two q-values differ here, so > and >= agree.
  if (markdown.q !== html.q) return markdown.q > html.q;
  // Stryker disable next-line EqualityOperator: two ranges have two positions, never the same one.
  return markdown.exact !== undefined && (html.exact === undefined || markdown.exact.index < html.exact.index);
}

/** Adds `Accept` to a response's `Vary`, keeping what it names already. */
function withVaryAccept(headers: Headers): Headers {
  const vary = (headers.get('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!vary.some((name) => name === '*' || name.toLowerCase() === 'accept'))
    headers.set('vary', [...vary, 'Accept'].join(', '));
  return headers;
}

/**
 * The address of the Markdown twin of a GET or HEAD, on the request's own origin; `undefined` for
 * another method or for a path whose twin would be another site's (`//other.example/x` would
 * become `https://other.example/x.md`), which then gets the page as the CDN serves it.
 */
function twinUrlOf(request: Request): URL | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  return resolveSitePath(markdownPathOf(url.pathname), url);
}

export interface NegotiationContext {
  /** The page as the CDN would serve it without this function (Netlify's `context.next()`). */
  next(): Promise<Response>;
  /** Fetches a file of the same site (the Markdown twin). */
  fetch(request: Request): Promise<Response>;
}

/**
 * Answers a GET or HEAD of a page: its Markdown twin when the request prefers Markdown and the page
 * has one (`Content-Type: text/markdown; charset=utf-8`, `Content-Location` naming the twin, and
 * the twin's own headers otherwise), else the page itself; both with `Vary: Accept`.
 */
export async function negotiatePage(request: Request, context: NegotiationContext): Promise<Response> {
  const twinUrl = twinUrlOf(request);
  if (twinUrl && prefersMarkdown(request.headers.get('accept'))) {
    const twin = await context.fetch(
      // Never followed: a redirect of the twin's path could lead off the site.
      new Request(twinUrl, { method: request.method, headers: { accept: 'text/markdown' }, redirect: 'manual' }),
    );
    if (twin.ok) {
      const headers = withVaryAccept(new Headers(twin.headers));
      // fetch() has decoded the body: its encoding and length no longer describe what is sent.
      headers.delete('content-encoding');
      headers.delete('content-length');
      headers.set('content-type', MARKDOWN_CONTENT_TYPE);
      headers.set('content-location', twinUrl.pathname);
      return new Response(request.method === 'HEAD' ? null : twin.body, { status: 200, headers });
    }
    await twin.body?.cancel();
  }
  const page = await context.next();
  return new Response(page.body, {
    status: page.status,
    statusText: page.statusText,
    headers: withVaryAccept(new Headers(page.headers)),
  });
}
