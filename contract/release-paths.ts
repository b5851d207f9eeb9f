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

/** The hex digits of a file's SHA-512 that its released name carries. */
const RELEASE_DIGEST_DIGITS = 10;

/** `earshot-1.0.0-0840ead340.tgz`: the version and the first ten hex digits of the file's SHA-512. */
export function releaseFileName(version: string, sha512Hex: string, extension: 'tgz' | 'mcpb'): string {
  return `earshot-${version}-${sha512Hex.slice(0, RELEASE_DIGEST_DIGITS)}.${extension}`;
}

/** Whether a URL's path is a released tarball's, `/cli/earshot-<version>-<digest>.tgz`, as `releaseFileName` names it. */
export function isReleaseTarballPath(path: string): boolean {
  if (!path.startsWith(RELEASE_PATHS.tarballDirectory)) return false;
  const name = path.slice(RELEASE_PATHS.tarballDirectory.length);
  const match = new RegExp(
    `^earshot-(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)-([0-9a-f]{${RELEASE_DIGEST_DIGITS}})\\.tgz$`,
  ).exec(name);
  return match !== null && releaseFileName(match[1]!, match[2]!, 'tgz') === name;
}
