import type { APIRoute, GetStaticPaths } from 'astro';
import { readCliTarball } from '../../lib/cli-package/cli-tarball.ts';
import { readServedReleases, sbomFileName } from '../../lib/cli-package/releases.ts';

/**
 * `GET /cli/earshot-<version>-<hash>.tgz`: the `earshot` package, as `npm pack` made it, for
 * `npm install <url>` and `npx -y <url>`: every released version (releases/), byte for byte as
 * recorded, and the version built now when it is not released yet. Beside each tarball,
 * `<name>.cdx.json`: the CycloneDX SBOM it carries, and from 1.1.0 on `earshot-<version>-<hash>.mcpb`:
 * the MCP Bundle of the same build, for desktop clients. netlify.toml caches them for good: a URL names
 * one content.
 */
export const getStaticPaths = (() =>
  readServedReleases(readCliTarball()).tarballs.flatMap(({ fileName, bytes, sbom, bundle }) => [
    { params: { file: fileName }, props: { body: bytes, type: 'application/gzip' } },
    ...(sbom
      ? [{ params: { file: sbomFileName(fileName) }, props: { body: sbom, type: 'application/vnd.cyclonedx+json' } }]
      : []),
    ...(bundle ? [{ params: { file: bundle.fileName }, props: { body: bundle.bytes, type: 'application/zip' } }] : []),
  ])) satisfies GetStaticPaths;

export const GET: APIRoute<{ body: Uint8Array; type: string }> = ({ props }) =>
  new Response(Buffer.from(props.body), { headers: { 'Content-Type': props.type } });
