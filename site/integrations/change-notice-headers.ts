import type { AstroIntegration } from 'astro';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadChangelogOrThrow } from '../lib/changelog/load-changelog.ts';
import { listPendingChanges } from '../lib/changelog/pending-changes.ts';
import { buildChangeNoticeHeadersFile } from '../lib/edge/change-notice-headers.ts';
import { HEADERS_FILE } from '../lib/edge/page-link-headers.ts';

/**
 * After the build: the `Deprecation`, `Sunset` and `Link` headers of the endpoints an announced
 * breaking change affects, into the publish folder's `_headers` (site/lib/edge/change-notice-headers.ts).
 * Nothing is written when nothing is pending, so the headers go with the announcement's publication.
 */
export function changeNoticeHeaders(): AstroIntegration {
  return {
    name: 'earshot-change-notice-headers',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const text = buildChangeNoticeHeadersFile(listPendingChanges(loadChangelogOrThrow()));
        if (text !== '') appendFileSync(`${fileURLToPath(dir)}${HEADERS_FILE}`, text);
      },
    },
  };
}
