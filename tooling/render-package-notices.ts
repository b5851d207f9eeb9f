/**
 * What the tarball says about the code it bundles: the third-party notices (every bundled
 * package's name, version, licence and licence texts, which MIT, ISC, BSD and Apache-2.0 ask to
 * keep with copies) and a CycloneDX SBOM of the same packages. The bundle itself keeps no licence
 * comments (esbuild's `legalComments: 'none'`): these files carry them instead, once.
 */
import type { BundledPackage } from './bundled-packages.ts';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.md';
export const SBOM_FILE = 'sbom.cdx.json';

/** The CycloneDX version the SBOM follows. @see https://cyclonedx.org/docs/1.6/json/ */
export const CYCLONEDX_SPEC_VERSION = '1.6';

/** `pkg:npm/%40modelcontextprotocol/server@2.4.0` @see https://github.com/package-url/purl-spec */
export function packageUrl(name: string, version: string): string {
  return `pkg:npm/${name.replace(/^@/, '%40')}@${encodeURIComponent(version)}`;
}

export function renderThirdPartyNotices(
  product: { name: string; version: string },
  packages: readonly BundledPackage[],
): string {
  const sections = packages.map((pkg) => {
    const texts =
      pkg.licenseFiles.length > 0
        ? pkg.licenseFiles.map((file) => `### ${file.name}\n\n\`\`\`text\n${file.text}\n\`\`\``).join('\n\n')
        : `The package ships no licence file; its package.json declares \`${pkg.license}\`.`;
    return `## ${pkg.name} ${pkg.version}\n\nLicence: ${pkg.license}\n\n${texts}`;
  });
  return `# Third-party notices

${product.name} ${product.version} bundles the code of these ${packages.length} packages from the npm registry. Their
licences and notices follow, as each package ships them. \`${SBOM_FILE}\` lists the same packages as a
CycloneDX SBOM.

${packages.map((pkg) => `- ${pkg.name} ${pkg.version} (${pkg.license})`).join('\n')}

${sections.join('\n\n')}
`;
}

/**
 * A CycloneDX 1.6 SBOM: the package, then each bundled package with its licence and the registry
 * tarball's SHA-512 from package-lock.json. No timestamp and no random serial number, so that the
 * same sources give the same bytes (the tarball's name depends on them).
 */
export function renderSbom(
  product: { name: string; version: string; license: string },
  packages: readonly BundledPackage[],
): string {
  const purl = packageUrl(product.name, product.version);
  const sbom = {
    $schema: `http://cyclonedx.org/schema/bom-${CYCLONEDX_SPEC_VERSION}.schema.json`,
    bomFormat: 'CycloneDX',
    specVersion: CYCLONEDX_SPEC_VERSION,
    version: 1,
    metadata: {
      component: {
        type: 'application',
        'bom-ref': purl,
        name: product.name,
        version: product.version,
        purl,
        licenses: [{ expression: product.license }],
      },
    },
    components: packages.map((pkg) => {
      const ref = packageUrl(pkg.name, pkg.version);
      const scope = pkg.name.startsWith('@') ? pkg.name.slice(0, pkg.name.indexOf('/')) : undefined;
      return {
        type: 'library',
        'bom-ref': ref,
        ...(scope ? { group: scope, name: pkg.name.slice(scope.length + 1) } : { name: pkg.name }),
        version: pkg.version,
        scope: 'required',
        purl: ref,
        licenses: [{ expression: pkg.license }],
        ...(pkg.integrity?.startsWith('sha512-')
          ? {
              hashes: [
                {
                  alg: 'SHA-512',
                  content: Buffer.from(pkg.integrity.slice('sha512-'.length), 'base64').toString('hex'),
                },
              ],
            }
          : {}),
      };
    }),
    dependencies: [{ ref: purl, dependsOn: packages.map((pkg) => packageUrl(pkg.name, pkg.version)) }],
  };
  return `${JSON.stringify(sbom, null, 2)}\n`;
}
