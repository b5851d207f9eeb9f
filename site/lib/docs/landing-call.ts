import type { Platform } from '../../../contract/schemas/index.ts';
import { escapeHtml } from '../text/escape-html.ts';

/** The most platforms the landing page's example answer lists; the rest are counted. */
export const LANDING_PLATFORM_COUNT = 5;

/**
 * The landing page's first sight of the API, as HTML for Starlight's hero (`hero.image.html`,
 * which takes a string): the request, and the answer the site gives it today, rendered from the
 * data with one platform per line. Every piece of data is escaped: it is text, not markup. The two
 * parts are labelled with paragraphs: a figure has at most one `figcaption` (HTML, 4.4.12), and the
 * figure's name is its `aria-label`.
 */
export function renderLandingCall(url: string, platforms: readonly Platform[]): string {
  const shown = platforms.slice(0, LANDING_PLATFORM_COUNT);
  const lines = shown.map(
    (platform, index) => `    ${JSON.stringify(platform)}${index < platforms.length - 1 ? ',' : ''}`,
  );
  const more = platforms.length - shown.length;
  const answer = ['{', '  "data": [', ...lines, ...(more > 0 ? [`    … ${more} more`] : []), '  ]', '}'].join('\n');
  const request = `curl -H 'Accept: application/json' \\\n  ${url}`;
  return [
    '<figure class="landing-call" aria-label="A request to the API and its answer">',
    '<p class="landing-call-label">Request</p>',
    `<pre tabindex="0"><code>${escapeHtml(request)}</code></pre>`,
    `<p class="landing-call-label">Answer <span class="landing-call-status">200 OK · application/json</span></p>`,
    `<pre tabindex="0"><code>${escapeHtml(answer)}</code></pre>`,
    '</figure>',
  ].join('');
}
