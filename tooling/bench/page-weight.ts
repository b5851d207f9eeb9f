import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { BenchRow, BenchSection } from './bench-section.ts';
import { formatBytes } from './bench-stats.ts';
import {
  classifyScript,
  extractPageAssets,
  findImports,
  indexSourceNames,
  type Owner,
  type SourceNameIndex,
} from './page-assets.ts';
import { compressedSizes, listFiles } from './site-files.ts';

/**
 * What the Pagefind runtime fetches when the reader first types in search, before a first result:
 * its UI imports `pagefind.js` from a path built at run time, which import-following cannot see.
 * The index chunks and fragments it then fetches depend on the query and are not counted.
 */
const PAGEFIND_RUNTIME = [
  /^pagefind\/pagefind\.js$/,
  /^pagefind\/pagefind-worker\.js$/,
  /^pagefind\/pagefind-entry\.json$/,
  /^pagefind\/wasm\.en\.pagefind$/,
  /^pagefind\/pagefind\.en_[\w]+\.pf_meta$/,
];

interface PageWeight {
  url: string;
  /** Brotli bytes (quality 11) unless said otherwise. */
  html: number;
  css: number;
  js: number;
  inlineJsRaw: number;
  /** Scripts imported dynamically by the page's scripts: Starlight imports the Pagefind UI this way, on idle after load. */
  jsDeferred: number;
  /** Every script of the page, with the page or deferred, by who wrote it. */
  jsByOwner: Partial<Record<Owner, number>>;
  ownScripts: string[];
  /** The Pagefind runtime (script, worker, WebAssembly, metadata), fetched when the reader first searches. */
  searchOnFirstUse: number;
}

/**
 * For each page of the built site: its HTML, the CSS and JS it loads (following JS imports), all
 * brotli-compressed and counted cold (nothing cached), and who wrote the JS.
 */
export const pageWeight: BenchSection = {
  id: 'pages',
  title:
    'Page weight (brotli q11 bytes, cold cache; JS = static import graph; deferred = dynamic imports, loaded on idle)',
  needs: ['site'],
  async run({ siteDir }) {
    const index = indexSourceNames();
    const files = listFiles(siteDir);
    const pages = files.filter((file) => file.endsWith('.html') && !file.startsWith('pagefind/'));
    const brotli = new Map<string, number>();
    const sizeOf = (file: string) => {
      if (!brotli.has(file)) brotli.set(file, compressedSizes(readFileSync(join(siteDir, file))).brotli);
      return brotli.get(file)!;
    };
    const pagefindRuntime = files.filter((file) => PAGEFIND_RUNTIME.some((pattern) => pattern.test(file)));

    const weights: PageWeight[] = pages.map((page) => measurePage(siteDir, page, index, sizeOf, pagefindRuntime));
    const rows: BenchRow[] = weights.map((weight) => ({
      measure: weight.url,
      value: formatBytes(weight.html + weight.css + weight.js),
      detail: `HTML ${formatBytes(weight.html)}, CSS ${formatBytes(weight.css)}, JS ${formatBytes(weight.js)} (ours ${formatBytes(weight.jsByOwner.ours ?? 0)}); deferred JS ${formatBytes(weight.jsDeferred)}; search on first use ${formatBytes(weight.searchOnFirstUse)}`,
    }));
    const owners = new Map<Owner, number>();
    for (const weight of weights)
      for (const [owner, bytes] of Object.entries(weight.jsByOwner))
        owners.set(owner as Owner, Math.max(owners.get(owner as Owner) ?? 0, bytes));
    const ownScripts = [...new Set(weights.flatMap((weight) => weight.ownScripts))];
    rows.push({
      measure: 'JS by owner, with deferred (largest page)',
      value: '',
      detail: [...owners].map(([owner, bytes]) => `${owner} ${formatBytes(bytes)}`).join(', '),
    });
    rows.push({
      measure: 'our own client-side JS',
      value: formatBytes(Math.max(0, ...weights.map((weight) => weight.jsByOwner.ours ?? 0))),
      detail: ownScripts.length > 0 ? `from ${ownScripts.join(', ')}` : 'no page loads a script of ours',
    });
    return { rows, figures: { compression: 'brotli quality 11, text mode', pages: weights } };
  },
};

function measurePage(
  siteDir: string,
  page: string,
  index: SourceNameIndex,
  sizeOf: (file: string) => number,
  pagefindRuntime: string[],
): PageWeight {
  const url = `/${page.replace(/(^|\/)index\.html$/, '$1')}`;
  const html = readFileSync(join(siteDir, page), 'utf8');
  const assets = extractPageAssets(html);
  const toFile = (reference: string, from: string) => {
    const path = reference.startsWith('/') ? reference : posix.join(posix.dirname(from), reference);
    return posix.normalize(path).replace(/^\/+/, '').split(/[?#]/)[0]!;
  };
  const pageUrl = `/${page}`;
  const css = assets.stylesheets.map((href) => toFile(href, pageUrl)).filter((file) => existsSync(join(siteDir, file)));

  // Follow static imports for what loads with the page, and dynamic ones for what loads after it.
  const loaded = new Set<string>();
  const deferred = new Set<string>();
  const visit = (file: string, eager: boolean) => {
    const target = eager ? loaded : deferred;
    if (loaded.has(file) || target.has(file) || !existsSync(join(siteDir, file))) return;
    target.add(file);
    const { static: staticImports, dynamic } = findImports(readFileSync(join(siteDir, file), 'utf8'));
    for (const specifier of staticImports) if (isLocal(specifier)) visit(toFile(specifier, `/${file}`), eager);
    for (const specifier of dynamic) if (isLocal(specifier)) visit(toFile(specifier, `/${file}`), false);
  };
  for (const src of assets.scripts) visit(toFile(src, pageUrl), true);
  for (const file of loaded) deferred.delete(file);
  const usesPagefind = [...loaded, ...deferred].some((file) =>
    readFileSync(join(siteDir, file), 'utf8').includes('pagefind.js'),
  );
  const search = usesPagefind ? pagefindRuntime.filter((file) => !loaded.has(file) && !deferred.has(file)) : [];

  const jsByOwner: Partial<Record<Owner, number>> = {};
  const ownScripts: string[] = [];
  for (const file of [...loaded, ...deferred]) {
    const owner = classifyScript(`/${file}`, index);
    jsByOwner[owner] = (jsByOwner[owner] ?? 0) + sizeOf(file);
    if (owner === 'ours') ownScripts.push(`/${file}`);
  }
  return {
    url,
    html: sizeOf(page),
    css: css.reduce((sum, file) => sum + sizeOf(file), 0),
    js: [...loaded].reduce((sum, file) => sum + sizeOf(file), 0),
    inlineJsRaw: assets.inlineScripts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    jsByOwner,
    ownScripts,
    jsDeferred: [...deferred].reduce((sum, file) => sum + sizeOf(file), 0),
    searchOnFirstUse: search.reduce((sum, file) => sum + sizeOf(file), 0),
  };
}

const isLocal = (specifier: string) =>
  specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
