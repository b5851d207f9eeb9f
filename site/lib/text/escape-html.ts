/**
 * Makes text from `data/` safe to place in HTML as text or inside a quoted attribute value, for
 * the few places that have to hand a component an HTML string (`set:html`, Starlight's hero).
 * @see https://html.spec.whatwg.org/multipage/named-characters.html
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
