import type { Element, ElementContent, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import GithubSlugger from 'github-slugger';
import { escapeMarkdownMarkup } from '../text/escape-markdown.ts';

/**
 * A built page as Markdown, for agents: its title, its description, then its main content, with
 * what only makes sense in a browser taken out (heading anchors, copy buttons, the theme switch)
 * and what a browser assembles put back together:
 * - an Expressive Code block is a `<pre>` of one element per line, so its text comes from its
 *   copy button, which holds the lines as the reader would copy them;
 * - tabs become one labelled section per tab;
 * - an aside becomes a quotation under its title.
 * The conversion itself is rehype-remark and remark-stringify (with GFM tables), the libraries
 * starlight-llms-txt uses.
 */
export function convertPageToMarkdown(
  html: string,
  options: { firstTabOnly?: { markdownUrl: string } } = {},
): { title: string; description: string; markdown: string } {
  const tree = unified().use(rehypeParse).parse(html);
  const title = textOf(select('h1', tree));
  const description = select('meta[name="description"]', tree)?.properties.content?.toString() ?? '';
  const main = select('main', tree);
  if (!main || !title) throw new Error('convertPageToMarkdown: the page has no <main> or no <h1>');

  // The API reference's header (starlight-openapi): the method and path as one line of code, each
  // code sample under its language's name (the picker's option), and no popover of server URLs,
  // whose label and read-only field would read as one glued word.
  for (const header of selectAll('.sl-openapi-operation-method', main)) {
    const method = textOf(select('.sl-openapi-operation-method-badge', header));
    const path = textOf(select('.sl-openapi-operation-method-path', header));
    replace(main, header, h('p', [h('code', [{ type: 'text', value: `${method} ${path}` }])]));
  }
  const snippetLabels = new Map(
    selectAll('sl-openapi-snippet-picker option', main).map((option) => [
      option.properties.value?.toString() ?? '',
      textOf(option),
    ]),
  );
  for (const snippet of selectAll('[data-openapi-snippet-id]', main)) {
    const label = snippetLabels.get(snippet.properties.dataOpenapiSnippetId?.toString() ?? '');
    if (label) snippet.children.unshift(h('p', [h('strong', [{ type: 'text', value: label }])]));
  }
  for (const element of selectAll('sl-openapi-snippet-picker, [popover]', main)) remove(main, element);
  // A property's name is an identifier: code, as the reader types it.
  for (const name of selectAll('.sl-openapi-key-name > strong', main))
    name.children = [h('code', [{ type: 'text', value: textOf(name) }])];
  // Code blocks first: their text is in their copy buttons, removed next. A plain <pre> (the
  // landing page's call) is text unless it says otherwise.
  for (const block of selectAll('.expressive-code', main)) replace(main, block, codeBlock(block));
  for (const code of selectAll('pre > code:not([class])', main)) code.properties.className = ['language-text'];
  for (const element of selectAll(
    '.sl-anchor-link, button, script, style, svg, starlight-theme-select, .landing-theme, footer, .sr-only, h1, wbr',
    main,
  ))
    remove(main, element);
  for (const link of selectAll('a[href]', main)) link.properties.href = toMarkdownLink(String(link.properties.href));
  rewriteFragmentLinks(main, title);
  for (const tabs of selectAll('starlight-tabs', main))
    replace(main, tabs, ...tabSections(tabs, options.firstTabOnly?.markdownUrl));
  for (const aside of selectAll('aside.starlight-aside', main)) replace(main, aside, quotation(aside));
  // A collapsed section's summary is its title: bold, as a tab's label is.
  for (const summary of selectAll('details > summary', main))
    replace(main, summary, h('p', [h('strong', summary.children)]));

  const toMarkdown = unified()
    .use(rehypeRemark)
    // Cells unpadded: a twin is read by a model, which pays for every space of an aligned table.
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify, { bullet: '-', fences: true, rule: '-' });
  const body = unescapeBareAddresses(
    unescapeLinkAmpersands(toMarkdown.stringify(toMarkdown.runSync({ type: 'root', children: main.children })).trim()),
  );
  // The title and description are text (they may come from data): escaped, as the body is by remark,
  // and only where Markdown would read markup (a twin is not typeset, so its quotes stay plain).
  const markdown = [`# ${escapeMarkdownMarkup(title)}`, description && `> ${escapeMarkdownMarkup(description)}`, body]
    .filter(Boolean)
    .join('\n\n');
  return { title, description, markdown: `${markdown}\n` };
}

/**
 * remark-stringify escapes every `&` before a letter, link destinations included, so a raw reader
 * of `[Add to Cursor](cursor://…?name=earshot\\&config=…)` read the name `earshot\\`. In a link
 * destination a `&` starts a character reference only when a `;` ends it: elsewhere it stays bare.
 * @see https://spec.commonmark.org/0.31.2/#entity-and-numeric-character-references
 */
function unescapeLinkAmpersands(markdown: string): string {
  return markdown.replace(/\]\(([^()\s]*)\)/g, (link, destination: string) =>
    link.replace(destination, destination.replace(/\\&(?![#A-Za-z0-9]+;)/g, '&')),
  );
}

/**
 * remark-stringify (with GFM) writes a bare address in text as `http\\://…`, so that it is not read
 * as an autolink; a raw reader sees the backslash. Read as a link, the address is still the same
 * address: the backslash goes.
 * @see https://github.github.com/gfm/#autolinks-extension-
 */
function unescapeBareAddresses(markdown: string): string {
  return markdown.replace(/\b(https?)\\:\/\//g, '$1://');
}

/** A link to a docs page (`/docs/cli/#install`) goes to its Markdown version (`/docs/cli.md#install`). */
export function toMarkdownLink(href: string): string {
  const match = /^(\/docs(?:\/[\w-]+)*)\/(#.*)?$/.exec(href);
  return match ? `${match[1]}.md${match[2] ?? ''}` : href;
}

/**
 * A link to a heading of the same page (`#command-platforms`) names the heading's id on the page;
 * in Markdown a heading's anchor is the slug of its text (`#earshot-platforms`), as GitHub and
 * markdownlint make it. Each such link is given its heading's slug.
 */
function rewriteFragmentLinks(main: Element, title: string): void {
  const slugger = new GithubSlugger();
  slugger.slug(title);
  const slugs = new Map<string, string>();
  for (const heading of selectAll('h2, h3, h4, h5, h6', main)) {
    const slug = slugger.slug(textOf(heading));
    const id = heading.properties.id?.toString();
    if (id) slugs.set(id, slug);
  }
  for (const link of selectAll('a[href^="#"]', main)) {
    const slug = slugs.get(decodeURIComponent(String(link.properties.href).slice(1)));
    if (slug) link.properties.href = `#${slug}`;
  }
}

function codeBlock(block: Element): Element {
  const copied = select('[data-code]', block)?.properties.dataCode?.toString() ?? textOf(select('pre', block));
  const language = select('pre', block)?.properties.dataLanguage?.toString();
  const caption = textOf(select('figcaption .title', block));
  const code = h('pre', [
    h('code', [{ type: 'text', value: copied.replace(/\u007f/g, '\n') }], {
      className: [`language-${language || 'text'}`],
    }),
  ]);
  return caption
    ? h('div', [h('p', [h('strong', [{ type: 'text', value: caption }])]), code], {
        dataCaptioned: `${caption}\n${copied}`,
      })
    : code;
}

/**
 * One section per tab. A captioned block that every tab shows alike (the output of samples that
 * print the same thing) is said once, after the tabs: a page shows one tab at a time, a twin all.
 * With `otherTabsAt` (for `/llms-full.txt`), the first tab alone, then a line naming the others
 * and where they are: the same call in three languages or one server in seven clients' formats
 * says one fact seven times.
 */
function tabSections(tabs: Element, otherTabsAt?: string): Element[] {
  const labels = selectAll('[role="tab"]', tabs).map(textOf);
  const panels = selectAll('[role="tabpanel"]', tabs);
  const captioned = (panel: Element) =>
    panel.children.filter((child): child is Element => child.type === 'element' && 'dataCaptioned' in child.properties);
  const [first, ...others] = panels.map(captioned);
  const shared = (first ?? []).filter((block) =>
    others.every((blocks) => blocks.some((other) => other.properties.dataCaptioned === block.properties.dataCaptioned)),
  );
  const sharedKeys = new Set(shared.map((block) => block.properties.dataCaptioned));
  const sections = panels.map((panel, index) =>
    h('div', [
      h('p', [h('strong', [{ type: 'text', value: labels[index] ?? `Tab ${index + 1}` }])]),
      ...panel.children.filter(
        (child) => !(child.type === 'element' && sharedKeys.has(child.properties.dataCaptioned)),
      ),
    ]),
  );
  if (otherTabsAt && panels.length > 1) {
    const others = h('p', [
      { type: 'text', value: `Also in ` },
      h('a', [{ type: 'text', value: "the page's Markdown" }], { href: otherTabsAt }),
      { type: 'text', value: `: ${labels.slice(1).join(', ')}.` },
    ]);
    return [sections[0]!, ...shared, others];
  }
  return panels.length > 1 ? [...sections, ...shared] : sections;
}

function quotation(aside: Element): Element {
  const title = select('.starlight-aside__title', aside);
  const content = select('.starlight-aside__content', aside);
  return h('blockquote', [
    ...(title ? [h('p', [h('strong', [{ type: 'text', value: textOf(title) }])])] : []),
    ...(content?.children ?? aside.children),
  ]);
}

function h(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return { type: 'element', tagName, properties, children };
}

function textOf(node: Element | Root | undefined | null): string {
  if (!node) return '';
  return node.children
    .map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Replaces `target`, wherever it is under `root`, with `replacements`. */
function replace(root: Element, target: Element, ...replacements: Element[]): void {
  const visit = (parent: Element | Root): boolean => {
    const index = parent.children.indexOf(target);
    if (index !== -1) {
      parent.children.splice(index, 1, ...replacements);
      return true;
    }
    return parent.children.some((child) => child.type === 'element' && visit(child));
  };
  visit(root);
}

function remove(root: Element, target: Element): void {
  replace(root, target);
}
