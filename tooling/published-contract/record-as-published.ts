import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { CHANGELOG_FILE } from '../../site/lib/changelog/load-changelog.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import { CONTRACT_FILE, snapshotContract, writePublishedContract } from './published-contract.ts';

/**
 * For a data folder that stands in for `data/` (the benchmark's synthetic data, a test's
 * fixture): records everything it holds as published, as if it had always been, so that the
 * build guards it from there on. The changelog is the shipped one unless the folder has its own.
 */
export function recordAsPublished(dataDir: string): void {
  const data = loadSiteDataOrThrow({ dataDir, displayDir: dataDir });
  const openapi = buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit: readRateLimit() });
  writePublishedContract(join(dataDir, CONTRACT_FILE), snapshotContract(data, openapi));
  if (!existsSync(join(dataDir, CHANGELOG_FILE)))
    copyFileSync(join('data', CHANGELOG_FILE), join(dataDir, CHANGELOG_FILE));
}
