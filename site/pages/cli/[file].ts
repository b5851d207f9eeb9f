import type { APIRoute, GetStaticPaths } from 'astro';
import { readCliTarball } from '../../lib/cli-package/cli-tarball.ts';

/**
 * `GET /cli/earshot-<version>-<hash>.tgz`: the `earshot` package, as `npm pack` made it, for
 * `npm install <url>` and `npx -y <url>`. netlify.toml caches it for good: its URL changes with
 * its content.
 */
export const getStaticPaths: GetStaticPaths = () => [{ params: { file: readCliTarball().fileName } }];

export const GET: APIRoute = () =>
  new Response(Buffer.from(readCliTarball().bytes), { headers: { 'Content-Type': 'application/gzip' } });
