/**
 * Two flaws of the pages starlight-openapi generates, mended in the built HTML (site/middleware.ts)
 * until the plugin fixes them:
 * - every response's headers section is `id="headers"`, so the 429's "Headers" link jumps to the
 *   200's: a repeated heading id gets a suffix (`headers-2`), and so does the anchor link after it;
 * - the examples heading is an `h5` right under an `h3` (a skipped level, WCAG 1.3.1): it becomes
 *   the `h4` it stands for.
 */
export function mendApiReferenceHeadings(html: string): string {
  const examples = html.replace(
    /<h5(\s[^>]*\bclass="sl-openapi-examples-heading[^"]*"[^>]*)>([\s\S]*?)<\/h5>/g,
    '<h4$1>$2</h4>',
  );
  const seen = new Map<string, number>();
  return examples.replace(
    /(<h[1-6]\b[^>]*\bid=")([^"]+)("[^>]*>[\s\S]*?<\/h[1-6]>\s*(?:<a class="sl-anchor-link" href="#)?)([^"]*)/g,
    (whole, open: string, id: string, between: string, href: string) => {
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      if (count === 1) return whole;
      const unique = `${id}-${count}`;
      return `${open}${unique}${between}${href === id ? unique : href}`;
    },
  );
}
