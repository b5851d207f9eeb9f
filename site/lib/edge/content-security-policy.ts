import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;
type Template = DefaultTreeAdapterTypes.Template;

/** `default-src 'none'; script-src 'self'` → { "default-src": ["'none'"], "script-src": ["'self'"] } */
export function parseContentSecurityPolicy(policy: string): Record<string, string[]> {
  const directives = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return Object.fromEntries(directives.map(([name, ...sources]) => [name!.toLowerCase(), sources]));
}

/**
 * The CSP source expression that allows one inline script: its SHA-256 over the exact text
 * between the tags.
 * @see https://www.w3.org/TR/CSP3/#grammardef-hash-source
 */
export function hashInlineScript(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The text of every inline script in an HTML page that a browser would run: scripts without
 * `src`, of a JavaScript type (none, `module` or a JavaScript MIME type). Data blocks such as
 * `application/ld+json` are not subject to script-src and are left out.
 *
 * The page is parsed as a browser parses it (parse5 follows the WHATWG HTML parser), so that
 * text which merely reads like a script, such as `<script>` quoted inside an attribute value,
 * is not taken for one, and a real one is never missed.
 */
export function findInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const visit = (node: ParentNode): void => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      if (child.tagName === 'script' && isInlineJavaScript(child)) {
        scripts.push(child.childNodes.map((text) => ('value' in text ? text.value : '')).join(''));
      }
      visit(child.tagName === 'template' ? (child as Template).content : child);
    }
  };
  visit(parse(html));
  return scripts;
}

function isInlineJavaScript(script: Element): boolean {
  const attribute = (name: string) => script.attrs.find((attr) => attr.name === name)?.value;
  if (attribute('src') !== undefined) return false;
  const type = attribute('type')?.trim().toLowerCase();
  return !type || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
}

export interface InlineScript {
  /** The page, relative to the output folder, for example `docs/index.html`. */
  page: string;
  hash: string;
  /** The start of the script, to recognise it by. */
  excerpt: string;
}

/** Every inline script of every HTML page under `outDir`, one entry per distinct script per page. */
export function collectInlineScripts(outDir: string): InlineScript[] {
  const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
  return pages.flatMap((file) => {
    const page = relative(outDir, join(outDir, file));
    const scripts = new Map(
      findInlineScripts(readFileSync(join(outDir, file), 'utf8')).map((text) => [hashInlineScript(text), text]),
    );
    return [...scripts].map(([hash, text]) => ({ page, hash, excerpt: text.trim().replace(/\s+/g, ' ').slice(0, 60) }));
  });
}

/** The inline scripts under `outDir` whose hash the policy's script-src does not list. */
export function findUnlistedInlineScripts(outDir: string, policy: string): InlineScript[] {
  const allowed = new Set(parseContentSecurityPolicy(policy)['script-src'] ?? []);
  return collectInlineScripts(outDir).filter((script) => !allowed.has(script.hash));
}

/**
 * One line per distinct script, with where it is:
 * "'sha256-…' (window.StarlightThemeProvider = …) in docs/index.html and 2 more pages"
 */
export function formatInlineScripts(scripts: InlineScript[]): string[] {
  const byHash = Map.groupBy(scripts, (script) => script.hash);
  return [...byHash].map(([hash, [first, ...rest]]) => {
    const more = rest.length === 0 ? '' : ` and ${rest.length} more page${rest.length === 1 ? '' : 's'}`;
    return `${hash} (${first!.excerpt}…) in ${first!.page}${more}`;
  });
}
