/**
 * What readers of a build get, as texts to lint: every Markdown file (the pages' twins, the Agent
 * Skill), `/llms.txt`, and the visible text of every page (its `<main>`, without code blocks).
 * `/llms-full.txt` is the twins joined, so it is not linted a second time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { select, selectAll } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import type { DocsText } from './lint-docs-text.ts';

/** Elements whose text a reader does not read as prose: code blocks, scripts, icons, the search UI. */
const NOT_PROSE = 'pre, .expressive-code, script, style, svg, template, site-search, select, .sr-only';
const BLOCKS = new Set([
  'p',
  'li',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'section',
  'tr',
  'blockquote',
  'dt',
  'dd',
  'figcaption',
  'summary',
  'aside',
]);

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export function collectDocsTexts(distDir: string): DocsText[] {
  const files = listFiles(distDir).sort();
  const markdown = files
    .filter((file) => file.endsWith('.md') || relative(distDir, file) === 'llms.txt')
    .map((file) => ({ file, kind: 'markdown' as const, text: readFileSync(file, 'utf8') }));
  const pages = files
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file, kind: 'text' as const, text: pageText(readFileSync(file, 'utf8')) }));
  return [...markdown, ...pages];
}

/** The text of a page's `<main>` as a reader sees it, one block per line, without code blocks. */
export function pageText(html: string): string {
  const tree = unified().use(rehypeParse).parse(html);
  const main = select('main', tree) ?? tree;
  const hidden = new Set<Element>(selectAll(NOT_PROSE, main));
  const lines: string[] = [''];
  const walk = (node: Root | RootContent) => {
    if (node.type === 'text') lines[lines.length - 1] += node.value;
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element' && hidden.has(node)) return;
    const block = node.type === 'element' && BLOCKS.has(node.tagName);
    if (block) lines.push('');
    for (const child of node.children) walk(child);
    if (block) lines.push('');
  };
  walk(main);
  return lines
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}
