import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  classifyScript,
  extractPageAssets,
  findImports,
  indexSourceNames,
  type Owner,
  type SourceNameIndex,
} from '../../tooling/bench/page-assets.ts';
import { parseBuildLog } from '../../tooling/bench/parse-build-log.ts';

describe('extractPageAssets', () => {
  it('finds stylesheets, external scripts and inline scripts, and skips data blocks', () => {
    const html = [
      '<link rel="preload" href="/font.woff2"><link rel="stylesheet" href="/_astro/a.css"><link href=/_astro/print.css rel="stylesheet" media="print">',
      '<script type="module" src="/_astro/Search.astro_astro_type_script_index_0_lang.AbCd1234.js"></script>',
      '<script>window.theme = 1</script><script type="application/ld+json">{"a":1}</script>',
    ].join('');
    assert.deepEqual(extractPageAssets(html), {
      stylesheets: ['/_astro/a.css', '/_astro/print.css'],
      scripts: ['/_astro/Search.astro_astro_type_script_index_0_lang.AbCd1234.js'],
      inlineScripts: ['window.theme = 1'],
    });
  });
});

describe('findImports', () => {
  const cases: [string, { given: string; want: ReturnType<typeof findImports> }][] = [
    ['minified named import', { given: 'import{t as e}from"./a.js";e()', want: { static: ['./a.js'], dynamic: [] } }],
    [
      'side-effect import and re-export',
      { given: 'import \'./b.js\';export * from "./c.js"', want: { static: ['./b.js', './c.js'], dynamic: [] } },
    ],
    [
      'dynamic import in backticks',
      { given: 'await import(`./ui-core.js`)', want: { static: [], dynamic: ['./ui-core.js'] } },
    ],
    [
      'a specifier built at run time is not followed',
      { given: 'import(`${base}pagefind.js`)', want: { static: [], dynamic: [] } },
    ],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.deepEqual(findImports(given), want));
});

describe('classifyScript', () => {
  const index: SourceNameIndex = new Map<string, Owner[]>([
    ['Search', ['Starlight']],
    ['OperationSnippetPicker', ['starlight-openapi']],
    ['ui-core', ['Pagefind']],
    ['platforms-table', ['ours']],
    ['index', ['Starlight', 'ours']],
  ]);
  const cases: [string, Owner][] = [
    ['/_astro/Search.astro_astro_type_script_index_0_lang.BH3XwIQL.js', 'Starlight'],
    ['/_astro/OperationSnippetPicker.astro_astro_type_script_index_0_lang.lzFZU242.js', 'starlight-openapi'],
    ['/_astro/ui-core.D5U32Csp.js', 'Pagefind'],
    ['/pagefind/pagefind.js', 'Pagefind'],
    ['/_astro/platforms-table.astro_astro_type_script_index_0_lang.x1y2z3w4.js', 'ours'],
    ['/_astro/index.Ab12Cd34.js', 'ours'],
    ['/_astro/ec.0vx5m.js', 'Expressive Code'],
    ['/_astro/page.cNngjUgL.js', 'Astro'],
    ['/_astro/mystery.Zz99Yy88.js', 'unattributed'],
  ];
  for (const [url, owner] of cases) it(`${url} → ${owner}`, () => assert.equal(classifyScript(url, index), owner));

  it('finds the real Starlight and Pagefind sources in node_modules, and our components in site/', () => {
    const real = indexSourceNames();
    assert.equal(classifyScript('/_astro/Search.astro_astro_type_script_index_0_lang.BH3XwIQL.js', real), 'Starlight');
    assert.equal(classifyScript('/_astro/ui-core.D5U32Csp.js', real), 'Pagefind');
    assert.ok(real.get('platforms-table')?.includes('ours'));
  });
});

describe('parseBuildLog', () => {
  it("reads each route's render time and Pagefind's, through ANSI colours", () => {
    const log = [
      '19:06:11   ├─ /docs/api/index.html (+133ms) ',
      '\u001b[2m19:06:11\u001b[22m   └─ /docs/api/operations/x/index.html (+6.62s) ',
      '19:06:28 [starlight:pagefind] Finished building search index in 4.54s.',
    ].join('\n');
    assert.deepEqual(parseBuildLog(log), {
      routes: [
        { route: '/docs/api/index.html', ms: 133 },
        { route: '/docs/api/operations/x/index.html', ms: 6620 },
      ],
      pagefindMs: 4540,
    });
  });
});
