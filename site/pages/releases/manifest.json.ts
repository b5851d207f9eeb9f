import type { APIRoute } from 'astro';
import { readCliTarball } from '../../lib/cli-package/cli-tarball.ts';
import { readServedReleases } from '../../lib/cli-package/releases.ts';

/**
 * `GET /releases/manifest.json`: every released version of the client with its digests, byte for
 * byte `releases/manifest.json` of the repository (the second channel to check a download against).
 * The client's update notice reads it.
 */
export const GET: APIRoute = () =>
  new Response(readServedReleases(readCliTarball()).manifestText, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
