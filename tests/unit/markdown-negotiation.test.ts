import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MARKDOWN_CONTENT_TYPE, negotiatePage } from '../../site/lib/edge/markdown-negotiation.ts';

/**
 * The edge function's decision, with a fake context in place of the CDN: `next()` is the page as
 * the CDN would serve it, `fetch()` the Markdown twin. The browser tests prove the same on the
 * local server, after a whole build; these prove each rule in milliseconds.
 */
const SITE = 'https://site.example';

interface FakeContext {
  next(): Promise<Response>;
  fetch(request: Request): Promise<Response>;
  /** The twins fetched, in order. */
  fetched: Request[];
  /** How many times the page was asked for. */
  pages: number;
  /** Whether the body of the twin was cancelled (it must be, when the twin is not used). */
  twinCancelled: boolean;
}

function fakeContext(
  options: { twinStatus?: number; twinHeaders?: HeadersInit; pageHeaders?: HeadersInit; twinBody?: null } = {},
): FakeContext {
  const context: FakeContext = {
    fetched: [],
    pages: 0,
    twinCancelled: false,
    next: async () => {
      context.pages += 1;
      return new Response('<h1>Page</h1>', {
        status: 203,
        statusText: 'Page As Served',
        headers: { 'content-type': 'text/html; charset=utf-8', ...options.pageHeaders },
      });
    },
    fetch: async (request) => {
      context.fetched.push(request);
      const body = new ReadableStream({
        start: (controller) => {
          controller.enqueue(new TextEncoder().encode('# Page\n'));
          // A twin that is not used stays open: only cancelling it ends it.
          if ((options.twinStatus ?? 200) === 200) controller.close();
        },
        cancel: () => void (context.twinCancelled = true),
      });
      return new Response(options.twinBody === null ? null : body, {
        status: options.twinStatus ?? 200,
        headers: options.twinHeaders ?? { 'content-type': 'text/plain' },
      });
    },
  };
  return context;
}

async function ask(accept: string | null, init: { method?: string; path?: string } = {}, context = fakeContext()) {
  const headers = new Headers();
  if (accept !== null) headers.set('accept', accept);
  const request = new Request(`${SITE}${init.path ?? '/docs/cli/'}`, { method: init.method ?? 'GET', headers });
  const response = await negotiatePage(request, context);
  return { response, context, markdown: response.headers.get('content-type') === MARKDOWN_CONTENT_TYPE };
}

describe('negotiatePage: which Accept headers get Markdown (RFC 9110 §12.5.1)', () => {
  const cases: [accept: string | null, markdown: boolean, why: string][] = [
    [null, false, 'no Accept header'],
    ['', false, 'an empty Accept header'],
    ['*/*', false, 'anything: Markdown is not named'],
    ['text/html', false, 'HTML only'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false, "a browser's"],
    ['text/*', false, 'every text type alike: Markdown is not named'],
    ['text/markdown', true, 'Markdown only'],
    ['TEXT/Markdown', true, 'media types are case-insensitive'],
    ['text/markdown;q=1', true, 'the highest q-value'],
    ['text/markdown;q=0', false, 'Markdown refused'],
    ['text/markdown, text/html', true, 'a tie, Markdown named first'],
    ['text/html, text/markdown', false, 'a tie, HTML named first'],
    ['text/html;q=0.5, text/markdown;q=0.5', false, 'an equal q-value, HTML named first'],
    ['text/markdown;q=0.5, text/html;q=0.5', true, 'an equal q-value, Markdown named first'],
    ['text/markdown;q=0.9, text/html', false, 'HTML rated higher'],
    ['text/html;q=0.5, text/markdown;q=0.6', true, 'Markdown rated higher, named last'],
    ['*/*, text/markdown', true, 'a tie with the wildcard: Markdown is named, HTML not'],
    ['text/markdown, */*', true, 'the same, the other way round'],
    ['text/markdown;q=0.5, */*', false, 'HTML rated higher through the wildcard'],
    ['*/*;q=0.1, text/markdown;q=0.2', true, 'Markdown rated higher than the wildcard'],
    ['text/*, text/html;q=0.5', true, 'Markdown through text/*, above HTML'],
    ['application/markdown, text/html;q=0.5', false, 'another type named markdown'],
    ['image/*, text/html;q=0.5', false, "another type's wildcard"],
    ['*/plain, text/html;q=0.5', false, 'a wildcard type with a subtype is not */*'],
    ['text/markdown;q=0.2, text/*;q=0.9', false, 'the exact range counts, not text/*'],
    ['text/*;q=0.2, */*;q=0.9, text/html;q=0.1', true, 'text/* counts, not */*'],
    ['text/markdown;q=0, text/*;q=0.5, text/html;q=0.4', false, 'a refusal by name beats text/*'],
    ['text/markdown; q = 0.5, text/html;q=0.4', true, 'spaces around the q parameter'],
    ['text/markdown;Q=0.1, text/html;q=0.5', false, 'an upper-case Q is a q-value too'],
    ['text/markdown;Q=0.5, text/html;q=0.4', true, 'an upper-case Q, read as a number'],
    ['text/markdown;level=1;q=0.5, text/html;q=0.4', true, 'a parameter before q'],
    ['text/markdown;charset=utf-8, text/html;q=0.9', true, 'a parameter that is not q'],
    ['text/markdown;quality=0.1, text/html;q=0.9', true, 'a parameter that only starts with q'],
    ['text/markdown;xq=0.1, text/html;q=0.5', true, 'a parameter that only ends with q'],
    ['text/markdown;q=2', false, 'a q-value over 1 is ignored'],
    ['text/markdown;q=-1', false, 'a negative q-value is ignored'],
    ['text/markdown;q=high', false, 'a q-value that is not a number is ignored'],
    ['text/markdown;q=2, text/*;q=0.5', false, 'an ignored range does not hide a match'],
    ['text/markdown;q=-0.5, */*;q=0.1, text/html;q=0.05', true, 'a negative q-value does not refuse'],
    ['text, text/markdown', true, 'a range without a subtype is skipped'],
    ['/markdown, text/markdown', true, 'a range without a type is skipped'],
    [', text/markdown', true, 'an empty range is skipped'],
    ['text/html;q=0.5, text, text/markdown;q=0.5', false, 'skipped ranges do not change the order'],
  ];
  for (const [accept, markdown, why] of cases) {
    it(`${JSON.stringify(accept)}: ${markdown ? 'Markdown' : 'HTML'} (${why})`, async () => {
      const result = await ask(accept);
      assert.equal(result.markdown, markdown);
      assert.equal(result.context.fetched.length, markdown ? 1 : 0);
    });
  }
});

describe('negotiatePage: the Markdown answer', () => {
  it("is the twin's body with its own headers, typed as Markdown, naming the twin, varying on Accept", async () => {
    const context = fakeContext({
      twinHeaders: {
        'content-type': 'text/plain',
        'cache-control': 'public, max-age=60',
        'content-encoding': 'br',
        'content-length': '9',
        vary: 'Origin',
      },
    });
    const { response } = await ask('text/markdown', {}, context);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '# Page\n');
    assert.deepEqual(Object.fromEntries(response.headers), {
      'cache-control': 'public, max-age=60',
      'content-location': '/docs/cli.md',
      'content-type': 'text/markdown; charset=utf-8',
      vary: 'Origin, Accept',
    });
    assert.equal(context.pages, 0);
  });

  it('asks for the twin on the same origin, for Markdown, with the same method, never following a redirect', async () => {
    for (const method of ['GET', 'HEAD']) {
      const { context } = await ask('text/markdown', { method, path: '/docs/cli/?x=1' });
      const [twin] = context.fetched;
      assert.equal(twin?.url, `${SITE}/docs/cli.md`);
      assert.equal(twin.method, method);
      assert.equal(twin.headers.get('accept'), 'text/markdown');
      assert.equal(twin.redirect, 'manual');
    }
  });

  it("the home page's twin is /index.md", async () => {
    const { context, response } = await ask('text/markdown', { path: '/' });
    assert.equal(context.fetched[0]?.url, `${SITE}/index.md`);
    assert.equal(response.headers.get('content-location'), '/index.md');
  });

  it('HEAD: the same headers, no body', async () => {
    const { response } = await ask('text/markdown', { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), MARKDOWN_CONTENT_TYPE);
    assert.equal(response.body, null);
  });
});

describe('negotiatePage: the page itself', () => {
  it('when the page has no twin: the page as served, the twin left unread', async () => {
    for (const twinStatus of [404, 301]) {
      const context = fakeContext({ twinStatus, twinHeaders: { location: '/elsewhere' } });
      const { response } = await ask('text/markdown', {}, context);
      assert.equal(response.status, 203);
      assert.equal(response.statusText, 'Page As Served');
      assert.equal(await response.text(), '<h1>Page</h1>');
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('location'), null);
      assert.equal(context.twinCancelled, true);
      assert.equal(context.pages, 1);
    }
  });

  it('when the missing twin has no body at all', async () => {
    const { response } = await ask('text/markdown', {}, fakeContext({ twinStatus: 404, twinBody: null }));
    assert.equal(response.status, 203);
  });

  it('for another method than GET or HEAD, or a path that would lead to another site: no twin is asked for', async () => {
    for (const init of [{ method: 'POST' }, { method: 'OPTIONS' }, { path: '//other.example/x' }]) {
      const { response, context } = await ask('text/markdown', init);
      assert.equal(context.fetched.length, 0, JSON.stringify(init));
      assert.equal(response.status, 203);
    }
  });

  const varies: [pageVary: string | undefined, want: string][] = [
    [undefined, 'Accept'],
    ['Accept-Encoding', 'Accept-Encoding, Accept'],
    [' Origin ,, Accept-Encoding', 'Origin, Accept-Encoding, Accept'],
    ['Accept', 'Accept'],
    ['origin, ACCEPT', 'origin, ACCEPT'],
    ['*', '*'],
  ];
  for (const [pageVary, want] of varies) {
    it(`Vary ${JSON.stringify(pageVary ?? null)} becomes ${JSON.stringify(want)}`, async () => {
      const context = fakeContext({ pageHeaders: pageVary === undefined ? {} : { vary: pageVary } });
      const { response } = await ask('text/html', {}, context);
      assert.equal(response.headers.get('vary'), want);
    });
  }
});
