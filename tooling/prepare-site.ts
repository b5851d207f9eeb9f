/**
 * What Astro reads from disk, written before it starts, so that astro.config.mjs only configures:
 * the client tarball the pages and /mcp.json name, the OpenAPI document starlight-openapi reads
 * from a file, and the answers the remote MCP endpoint serves. `npm run build` calls it;
 * `npm run dev` and `npm run check` run Astro through it (tooling/astro.ts).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { cliTarballFile } from '../site/lib/cli-package/cli-tarball.ts';
import { forApiReference } from '../site/lib/docs/api-reference-pages.ts';
import { readNetlifyConfig } from '../site/lib/edge/netlify-config.ts';
import {
  buildPublishedAnswers,
  PUBLISHED_ANSWERS_FILE,
  writePublishedAnswers,
} from '../site/lib/mcp/write-published-answers.ts';
import { buildOpenApiDocument } from '../site/lib/openapi/build-openapi-document.ts';
import { writeOpenApiFile } from '../site/lib/openapi/write-openapi-file.ts';
import { loadSiteContext } from '../site/lib/site-context.ts';

/** Where astro.config.mjs finds the OpenAPI document of the API reference. */
export const OPENAPI_FILE_VARIABLE = 'EARSHOT_OPENAPI_FILE';

export async function prepareSite({ build, outDir }: { build: boolean; outDir: string }): Promise<void> {
  const context = loadSiteContext();
  // A build always packs afresh; `astro dev` and `astro check` on a fresh clone pack once.
  if (build || !existsSync(cliTarballFile())) await (await import('./build-cli.ts')).buildCliPackage();
  // The very document /openapi.json serves, without the tags' descriptions, so that a tag is a
  // sidebar group and not a page of its own (site/lib/docs/api-reference-pages.ts).
  process.env[OPENAPI_FILE_VARIABLE] = writeOpenApiFile(forApiReference(buildOpenApiDocument(context)));
  // Only a build of the folder Netlify publishes writes the answers netlify/functions/mcp.ts
  // imports: a test building elsewhere, or `astro check`, must not change what the local server's
  // /mcp answers. Any run writes them when they are missing, so that a fresh clone type-checks.
  const published = resolve(outDir) === resolve(readNetlifyConfig().build?.publish ?? 'dist');
  if ((build && published) || !existsSync(PUBLISHED_ANSWERS_FILE))
    writePublishedAnswers(buildPublishedAnswers(context));
}
