import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { endpoints, type OperationId } from '../../../contract/endpoints.ts';
import { renderEndpointBody } from '../api/endpoint-body.ts';
import { loadChangelogOrThrow } from '../changelog/load-changelog.ts';
import { listPendingChanges } from '../changelog/pending-changes.ts';
import { readCliPackageVersion } from '../cli-package/cli-tarball.ts';
import { buildChangeNoticeHeaders } from '../edge/change-notice-headers.ts';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';
import type { SiteContext } from '../site-context.ts';
import type { PublishedAnswers } from './published-answers.ts';

/** Generated, not committed (build/ is ignored), like the client tarball next to it. */
export const PUBLISHED_ANSWERS_FILE = resolve('build/mcp/published-answers.json');

/** The answers, rendered exactly as the endpoint files in site/pages/ render them (`renderEndpointBody`). */
export function buildPublishedAnswers(context: SiteContext): PublishedAnswers {
  const bodies = Object.fromEntries(
    endpoints.map((endpoint) => [endpoint.operation.id, renderEndpointBody(endpoint, context)]),
  ) as Record<OperationId, string>;
  // The same notice headers the endpoints answer with, so that the remote tools mention it too.
  const headers = buildChangeNoticeHeaders(listPendingChanges(loadChangelogOrThrow()));
  const notices = Object.fromEntries(
    endpoints.flatMap(({ path, operation }) => {
      const notice = headers.get(path);
      return notice ? [[operation.id, notice]] : [];
    }),
  );
  return {
    baseUrl: context.baseUrl,
    serverVersion: readCliPackageVersion(),
    bodies,
    openapi: JSON.stringify(buildOpenApiDocument(context)),
    ...(Object.keys(notices).length > 0 && { notices }),
  };
}

/** Writes the file in one step (a rename), so that a function bundler never reads half of it. */
export function writePublishedAnswers(answers: PublishedAnswers, file = PUBLISHED_ANSWERS_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(answers, null, 2)}\n`);
  renameSync(partial, file);
}
