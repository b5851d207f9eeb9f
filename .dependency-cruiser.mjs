/**
 * The layers of this repository and the one direction imports may go between them
 * (ARCHITECTURE.md, "Layers"). `npm run lint` runs this; a forbidden import fails it, naming both files.
 *
 *   contract/  ← client/  ← site/ and netlify/  ← tooling/, tests/, root configuration files
 *
 * Type-only imports count: a circle of types is still a circle to a reader.
 * @see https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others, cannot be read or tested one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment:
        'contract/ is the public contract (schemas, endpoints, error bodies, rate limit) that every other layer reads; it reads none of them.',
      from: { path: '^contract/' },
      to: { path: '^(client|site|netlify|tooling|tests)/' },
    },
    {
      name: 'client-ships-alone',
      severity: 'error',
      comment:
        'client/ is the published earshot package: it bundles what it imports, so it may import only itself and contract/.',
      from: { path: '^client/' },
      to: { path: '^(site|netlify|tooling|tests)/' },
    },
    {
      name: 'site-does-not-run-tooling',
      severity: 'error',
      comment:
        'site/ and the Netlify functions are what the CDN serves; build scripts, the smoke check and the bench live in tooling/ and use the site, not the other way round.',
      from: { path: '^(site|netlify)/' },
      to: { path: '^(tooling|tests)/' },
    },
    {
      name: 'no-tests-in-shipped-code',
      severity: 'error',
      comment: 'Tooling may use the site and the client, never test helpers.',
      from: { path: '^tooling/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|build|\\.astro|\\.cache|\\.netlify|tests/fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.json'] },
  },
};
