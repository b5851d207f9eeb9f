/**
 * ReleaseManifest: every released version of the `earshot` package, as `releases/manifest.json`
 * records it in the repository and the site serves it (`/releases/manifest.json`). A record never
 * changes once written: the build refuses to serve other bytes under a recorded version.
 */
export const releaseManifestSchema = {
  $id: 'https://earshot.dev/schemas/v1/release-manifest.json',
  title: 'ReleaseManifest',
  description:
    'The released versions of the earshot package, oldest first, each with the digests of its tarball and of its MCP Bundle.',
  type: 'object',
  additionalProperties: false,
  required: ['package', 'releases'],
  properties: {
    $schema: { type: 'string', description: "This schema's $id." },
    package: { const: 'earshot', description: 'The npm package name.' },
    releases: {
      type: 'array',
      description: 'One record per version, oldest first.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['version', 'fileName', 'date', 'size', 'sha256', 'sha512', 'integrity'],
        properties: {
          version: {
            type: 'string',
            pattern: '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.-]+)?$',
            description: 'Semantic version, as in the package.json of the tarball.',
            examples: ['1.0.0'],
          },
          fileName: {
            type: 'string',
            pattern: '^earshot-[0-9A-Za-z.-]+-[0-9a-f]{10}\\.tgz$',
            description: 'The tarball under /cli/: earshot-<version>-<the first ten hex digits of its SHA-512>.tgz.',
            examples: ['earshot-1.0.0-0840ead340.tgz'],
          },
          date: { type: 'string', format: 'date', description: 'The day it was released (UTC).' },
          size: { type: 'integer', minimum: 1, description: "The tarball's size in bytes." },
          sha256: {
            type: 'string',
            pattern: '^[0-9a-f]{64}$',
            description: 'SHA-256 of the tarball, hex (sha256sum).',
          },
          sha512: {
            type: 'string',
            pattern: '^[0-9a-f]{128}$',
            description: 'SHA-512 of the tarball, hex (sha512sum).',
          },
          integrity: {
            type: 'string',
            pattern: '^sha512-[A-Za-z0-9+/]{86}==$',
            description: "npm's integrity of the tarball (the same SHA-512, base64), as package-lock.json records it.",
          },
          bundle: {
            type: 'object',
            additionalProperties: false,
            required: ['fileName', 'size', 'sha256', 'sha512'],
            description:
              'The MCP Bundle of the local server, built from the same package (from earshot 1.1.0 on; earlier releases have none).',
            properties: {
              fileName: {
                type: 'string',
                pattern: '^earshot-[0-9A-Za-z.-]+-[0-9a-f]{10}\\.mcpb$',
                description:
                  'The bundle under /cli/: earshot-<version>-<the first ten hex digits of its SHA-512>.mcpb.',
                examples: ['earshot-1.1.0-0840ead340.mcpb'],
              },
              size: { type: 'integer', minimum: 1, description: "The bundle's size in bytes." },
              sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bundle, hex.' },
              sha512: { type: 'string', pattern: '^[0-9a-f]{128}$', description: 'SHA-512 of the bundle, hex.' },
            },
          },
        },
      },
    },
  },
} as const;
