/**
 * Where a site serves the client's releases, relative to its base URL: the site publishes them
 * (site/lib/cli-package/), the client's update notice reads the manifest.
 */
export const RELEASE_PATHS = {
  /** Each tarball, `<directory><fileName>`, and its SBOM beside it. */
  tarballDirectory: '/cli/',
  /** Every release with its digests (`releaseManifestSchema`). */
  manifest: '/releases/manifest.json',
  /** `sha256sum -c` format: `<hex>  <file name>`, one line per release. */
  sha256sums: '/releases/SHA256SUMS',
} as const;
