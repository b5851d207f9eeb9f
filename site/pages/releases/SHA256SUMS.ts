import type { APIRoute } from 'astro';
import { readCliTarball } from '../../lib/cli-package/cli-tarball.ts';
import { readServedReleases } from '../../lib/cli-package/releases.ts';

/**
 * `GET /releases/SHA256SUMS`: one `<sha256>  <file name>` line per released tarball, the format
 * `sha256sum -c` and `shasum -a 256 -c` check. Extensionless: netlify.toml sets its text/plain.
 */
export const GET: APIRoute = () =>
  new Response(readServedReleases(readCliTarball()).sha256sums, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
