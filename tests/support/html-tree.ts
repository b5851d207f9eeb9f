import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type HtmlNode = DefaultTreeAdapterTypes.Node;
export type HtmlElement = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/**
 * A page as a browser sees it: parse5 implements the WHATWG HTML parser, so what it reads as an
 * element is what a browser would create, and text it reads as text is inert. Quoting the page's
 * source with a regular expression cannot tell `<script>` in an attribute from a real one.
 */
export function parseHtml(html: string): DefaultTreeAdapterTypes.Document {
  return parse(html);
}

/** Every element under `node`, in document order, template contents included. */
export function* walkElements(node: ParentNode): Generator<HtmlElement> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    yield child;
    yield* walkElements(child.tagName === 'template' ? (child as DefaultTreeAdapterTypes.Template).content : child);
  }
}

/** The text of a node and its descendants, as `textContent` gives it (entities decoded). */
export function textContent(node: HtmlNode): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (!('childNodes' in node)) return '';
  return node.childNodes.map(textContent).join('');
}

/**
 * The text a reader sees: scripts and styles dropped, a space between elements (none at a `<wbr>`,
 * which only marks where a line may break), entities decoded by the parser, white space collapsed.
 */
export function readableText(html: string): string {
  const parts: string[] = [];
  const visit = (node: HtmlNode): void => {
    if (node.nodeName === '#text') parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
    if (!('childNodes' in node) || node.nodeName === 'script' || node.nodeName === 'style') return;
    const spaced = node.nodeName !== 'wbr';
    if (spaced) parts.push(' ');
    for (const child of node.childNodes) visit(child);
    if (spaced) parts.push(' ');
  };
  visit(parseHtml(html));
  return parts.join('').replace(/\s+/g, ' ');
}

export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}
