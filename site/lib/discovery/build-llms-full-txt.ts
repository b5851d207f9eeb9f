/**
 * `/llms-full.txt`: the whole documentation in one Markdown file, for an agent that reads it all
 * at once (the companion of `/llms.txt`, which links each page's Markdown). The docs pages in the
 * sidebar's order, then the API reference; each page as its own Markdown version says it.
 * @see https://llmstxt.org/
 */
export interface MarkdownPage {
  /** The page's path, such as `/docs/cli/`. */
  pathname: string;
  title: string;
  markdown: string;
}

/** `/docs/cli/` → `/docs/cli.md`, `/` → `/index.md`: the page's path with `.md` for its trailing slash. */
export function markdownPathOf(pathname: string): string {
  return pathname === '/' ? '/index.md' : `${pathname.replace(/\/$/, '')}.md`;
}

export function buildLlmsFullTxt(input: {
  productName: string;
  baseUrl: string;
  docsOrder: readonly string[];
  pages: readonly MarkdownPage[];
}): string {
  const rank = (page: MarkdownPage) => {
    const index = input.docsOrder.indexOf(page.pathname.replace(/^\/|\/$/g, ''));
    return index === -1 ? input.docsOrder.length : index;
  };
  const docs = input.pages
    .filter((page) => page.pathname.startsWith('/docs/'))
    .sort((a, b) => rank(a) - rank(b) || (a.pathname < b.pathname ? -1 : 1));
  const header = [
    `# ${input.productName} developer documentation`,
    '',
    `> Every page of ${input.baseUrl}/docs/ in one file. Each page is also served alone as Markdown, at its address with \`.md\` in place of the trailing slash; ${input.baseUrl}/llms.txt lists them.`,
  ].join('\n');
  return (
    [header, ...docs.map((page) => `Source: ${input.baseUrl}${page.pathname}\n\n${page.markdown.trim()}`)].join(
      '\n\n---\n\n',
    ) + '\n'
  );
}
