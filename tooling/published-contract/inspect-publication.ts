/**
 * Everything the build checks before it publishes, as data: the data files, the changelog, and
 * every difference between what the build would publish and what has been published.
 */
import { join } from 'node:path';
import { compareDataProblems, type DataProblem } from '../../contract/data-problem.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import type { ApiData } from '../../contract/endpoints.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import { loadChangelog } from '../../site/lib/changelog/load-changelog.ts';
import { defaultDataDir, loadSiteData } from '../../site/lib/data/load-site-data.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import { comparePublishedContract } from './compare-published-contract.ts';
import type { ContractChange } from './contract-change.ts';
import {
  CONTRACT_FILE,
  readPublishedContract,
  snapshotContract,
  type PublishedContract,
} from './published-contract.ts';

export interface InspectOptions {
  dataDir?: string;
  /** How the data folder is named in problems, `data` by default. */
  displayDir?: string;
}

export type Inspection =
  | { ok: false; problems: DataProblem[] }
  | {
      ok: true;
      data: ApiData;
      changelog: ChangelogData;
      published: PublishedContract;
      current: PublishedContract;
      changes: ContractChange[];
    };

export function inspectPublication({
  dataDir = defaultDataDir(),
  displayDir = 'data',
}: InspectOptions = {}): Inspection {
  const site = loadSiteData({ dataDir, displayDir });
  const changelog = loadChangelog(dataDir, displayDir);
  // The data files first, all at once; the record of what was published only means something
  // for data that could be published.
  if (!site.ok || !changelog.ok)
    return {
      ok: false,
      problems: [...(site.ok ? [] : site.problems), ...(changelog.ok ? [] : changelog.problems)].sort(
        compareDataProblems,
      ),
    };
  const lock = readPublishedContract(join(dataDir, CONTRACT_FILE));
  if (!lock.ok)
    return { ok: false, problems: [{ file: `${displayDir}/${CONTRACT_FILE}`, pointer: '', expected: lock.expected }] };
  const current = snapshotContract(site.data, buildProductionOpenApi(site.data));
  const changes = comparePublishedContract({ published: lock.contract, current, data: site.data, displayDir });
  return { ok: true, data: site.data, changelog: changelog.entries, published: lock.contract, current, changes };
}

/** The OpenAPI document as production publishes it: the lock's digest must not depend on who builds. */
function buildProductionOpenApi(data: ApiData): object {
  return buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit: readRateLimit() });
}
