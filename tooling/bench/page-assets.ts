/**
 * Pure helpers of the page-weight section: which assets a built page references, which modules
 * a script imports, and who wrote a script (us or the docs framework).
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface PageAssets {
  stylesheets: string[];
  /** External scripts (`<script src>`), in page order. */
  scripts: string[];
  /** Text of each inline `<script>` (JSON-LD and other data blocks excluded). */
  inlineScripts: string[];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

export function extractPageAssets(html: string): PageAssets {
  const stylesheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => (attribute(tag, 'rel') ?? '').split(/\s+/).includes('stylesheet'))
    .flatMap((tag) => attribute(tag, 'href') ?? []);
  const scripts: string[] = [];
  const inlineScripts: string[] = [];
  for (const [, tag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(tag!, 'src');
    const type = attribute(tag!, 'type');
    if (src) scripts.push(src);
    else if (type === undefined || type === 'module' || /javascript/i.test(type)) inlineScripts.push(body!);
  }
  return { stylesheets, scripts, inlineScripts };
}

/**
 * Module specifiers a bundled script imports: `static` ones load with it, `dynamic` ones
 * (`import("…")`) only when the code asks, such as the search UI on first use. Specifiers built
 * at run time (template literals with `${…}`) cannot be followed and are left out.
 */
export function findImports(code: string): { static: string[]; dynamic: string[] } {
  const literal = String.raw`(?:"([^"$]*)"|'([^'$]*)'|\x60([^\x60$]*)\x60)`;
  const pick = (match: RegExpMatchArray) => match.slice(1).find((value) => value !== undefined)!;
  const staticImports = [
    ...code.matchAll(new RegExp(String.raw`(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?${literal}`, 'g')),
  ].map(pick);
  const dynamicImports = [...code.matchAll(new RegExp(String.raw`\bimport\s*\(\s*${literal}\s*\)`, 'g'))].map(pick);
  return { static: [...new Set(staticImports)], dynamic: [...new Set(dynamicImports)] };
}

export type Owner =
  'ours' | 'Astro' | 'Starlight' | 'starlight-openapi' | 'Pagefind' | 'Expressive Code' | 'unattributed';

/** Where to look for the source file a bundle is named after, and who owns what is found there. */
const OWNER_FOLDERS: readonly { owner: Exclude<Owner, 'unattributed'>; folder: string }[] = [
  { owner: 'ours', folder: 'site' },
  { owner: 'Starlight', folder: 'node_modules/@astrojs/starlight' },
  { owner: 'starlight-openapi', folder: 'node_modules/starlight-openapi' },
  { owner: 'Pagefind', folder: 'node_modules/@pagefind' },
  { owner: 'Astro', folder: 'node_modules/astro/dist' },
];

/**
 * Bundles named after no source file: `ec` is the script Expressive Code (Starlight's code blocks)
 * writes for its copy button; `page` is Astro's own page entry (prefetch).
 */
const GENERATED_BUNDLES: Record<string, Owner> = { ec: 'Expressive Code', page: 'Astro' };

/** Source file names (without extension) → the owners that have a file of that name. */
export type SourceNameIndex = Map<string, Owner[]>;

export function indexSourceNames(root = '.', folders = OWNER_FOLDERS): SourceNameIndex {
  const index: SourceNameIndex = new Map();
  const walk = (folder: string, owner: Owner) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(join(folder, entry.name), owner);
      } else if (/\.(astro|[cm]?[jt]s)$/.test(entry.name)) {
        const name = entry.name.replace(/\.(astro|[cm]?[jt]s)$/, '');
        const owners = index.get(name) ?? [];
        if (!owners.includes(owner)) index.set(name, [...owners, owner]);
      }
    }
  };
  for (const { owner, folder } of folders) walk(join(root, folder), owner);
  return index;
}

/**
 * Who wrote a bundled script, from its URL. Astro names a component's script bundle
 * `<Component>.astro_astro_type_script_index_0_lang.<hash>.js` and a shared chunk `<module>.<hash>.js`;
 * the name is looked up among the source files of each owner. A name that we have too counts as ours,
 * so that our own JS is never under-reported.
 */
export function classifyScript(url: string, index: SourceNameIndex): Owner {
  const path = url.split(/[?#]/)[0]!;
  if (path.startsWith('/pagefind/')) return 'Pagefind';
  const file = basename(path);
  const component = /^(.+)\.astro_astro_type_script_/.exec(file)?.[1];
  const name = component ?? file.replace(/\.[\w-]{4,12}\.js$/, '').replace(/\.js$/, '');
  const owners = index.get(name) ?? [];
  if (owners.includes('ours')) return 'ours';
  return owners[0] ?? GENERATED_BUNDLES[name] ?? 'unattributed';
}
