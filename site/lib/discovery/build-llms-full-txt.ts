/**
 * `/llms-full.txt`: the whole documentation in one Markdown file, for an agent that reads it all
 * at once (the companion of `/llms.txt`, which links each page's Markdown). The docs pages in the
 * sidebar's order, then the API reference's overview; each page as its own Markdown version says
 * it. The reference's operation pages restate the schemas of `/openapi.json` field by field, once
 * per operation, and the changelog grows with every release: they are listed by their Markdown
 * address instead, so that no fact is said twice and the file does not grow with history. Of each
 * group of tabs the file keeps the first (the pages are converted with `firstTabOnly`).
 * @see https://llmstxt.org/
 */
/** What `/llms-full.txt` links rather than includes; the Agent Skill says the same (build-skill-md.ts). */
export const LLMS_FULL_LINKED_ONLY = "the API reference's operations and the changelog";

/**
 * A page's in-page links (`[Errors](#errors)`) made their text: in one file of many pages,
 * `#errors` would land on the first page's "Errors", and the section named is on the same page.
 * Text rather than a link to the page's Markdown twin: the file stays within its token budget.
 */
export function unlinkInPage(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\(#[^)\s]*\)/g, '$1');
}

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
  /** The API reference's folder, such as `docs/api`: its overview is included, its operation pages linked. */
  apiReferenceBase: string;
  /** Pages linked rather than included, such as the changelog, which grows with every release. */
  linkedPages: readonly string[];
  pages: readonly MarkdownPage[];
}): string {
  const rank = (page: MarkdownPage) => {
    const index = input.docsOrder.indexOf(page.pathname.replace(/^\/|\/$/g, ''));
    return index === -1 ? input.docsOrder.length : index;
  };
  const reference = `/${input.apiReferenceBase}/`;
  const isLinked = (page: MarkdownPage) =>
    (page.pathname.startsWith(reference) && page.pathname !== reference) || input.linkedPages.includes(page.pathname);
  const docs = input.pages
    .filter((page) => page.pathname.startsWith('/docs/') && !isLinked(page))
    .sort((a, b) => rank(a) - rank(b) || (a.pathname < b.pathname ? -1 : 1));
  const linked = input.pages.filter(isLinked).sort((a, b) => (a.pathname < b.pathname ? -1 : 1));
  const header = [
    `# ${input.productName} developer documentation`,
    '',
    `> Every page of ${input.baseUrl}/docs/ in one file, but the ${linked.length} listed at the end, which are linked. Of each group of tabs, the first tab; its page's Markdown has the others. ${input.baseUrl}/llms.txt links every page's Markdown.`,
  ].join('\n');
  const linkedList = [
    `# The ${linked.length} pages linked, not included: ${LLMS_FULL_LINKED_ONLY}`,
    '',
    ...linked.map((page) => `- [${page.title}](${input.baseUrl}${markdownPathOf(page.pathname)})`),
  ].join('\n');
  return (
    [
      header,
      ...docs.map((page) => `Source: ${input.baseUrl}${page.pathname}\n\n${unlinkInPage(page.markdown.trim())}`),
      ...(linked.length > 0 ? [linkedList] : []),
    ].join('\n\n---\n\n') + '\n'
  );
}
