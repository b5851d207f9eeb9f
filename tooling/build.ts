/**
 * `npm run build`: checks every data file and what it would publish, then builds the site into
 * `dist/`. Bad data, or a change to the published contract that nobody recorded, fails the build
 * with every problem listed, one per line, and leaves no `dist/` behind that could be published by
 * mistake; so does a resource link to a page or file the build did not produce.
 */
import { rmSync } from 'node:fs';
import { formatDataProblem, type DataProblem } from '../contract/data-problem.ts';
import { defaultDataDir } from '../site/lib/data/load-site-data.ts';
import { listPendingChanges } from '../site/lib/changelog/pending-changes.ts';
import { checkBreakingNotice } from './published-contract/check-breaking-notice.ts';
import { checkChangelogDates } from './published-contract/check-changelog-dates.ts';
import { checkResourceLinks } from './published-contract/check-resource-links.ts';
import { toUnrecordedProblem, type ContractChange } from './published-contract/contract-change.ts';
import { inspectPublication } from './published-contract/inspect-publication.ts';
import { checkNotice, findAnnouncement } from './published-contract/record-changes.ts';
import { removeStamp } from './local-build.ts';
import { readToday } from './today.ts';

/** `EARSHOT_OUT_DIR` lets tests and benchmarks build elsewhere without touching `dist/`. */
const OUT_DIR = process.env.EARSHOT_OUT_DIR ?? 'dist';

/** How much Astro says: every step (`info`, the default), warnings and errors only (`warn`, for `npm start`), or nothing (`silent`). */
const LOG_LEVELS = ['info', 'warn', 'silent'] as const;
const logLevel = LOG_LEVELS.find((level) => level === process.env.EARSHOT_BUILD_LOG) ?? 'info';

/** Prints every problem, a summary and a hint, and removes the output folder: nothing publishable is left. */
function fail(
  problems: DataProblem[],
  [one, many]: [string, string],
  hint: string,
  outcome = 'nothing was built',
): number {
  rmSync(OUT_DIR, { recursive: true, force: true });
  for (const problem of problems) console.error(formatDataProblem(problem));
  const count = problems.length;
  console.error(`error: ${count} ${count === 1 ? one : many}; ${outcome}`);
  console.error(`hint: ${hint}`);
  return 1;
}

async function main(): Promise<number> {
  // Whatever this build makes, it is not the local build the stamp names (tooling/local-build.ts).
  removeStamp(OUT_DIR);
  const clock = readToday(process.env);
  if (!clock.ok) {
    console.error(`error: ${clock.error}\nhint: ${clock.hint}`);
    return 1;
  }
  const { today } = clock;
  const inspection = inspectPublication({ dataDir: defaultDataDir() });
  const problems = inspection.ok
    ? [...checkChangelogDates(inspection.changelog, today), ...checkBreakingNotice(inspection.changelog)]
    : inspection.problems;
  if (!inspection.ok || problems.length > 0)
    return fail(
      problems,
      ['problem in the data', 'problems in the data'],
      'fix each line above (file#JSON-pointer: what was expected), then run the build again',
    );
  const { changes, changelog } = inspection;
  // A breaking change before its date: one error with the date it is allowed from, before Astro loads.
  const notice = checkNotice(changes, changelog, today);
  if (notice) {
    const pending = listPendingChanges(changelog);
    const state = (change: ContractChange) => {
      if (change.kind !== 'breaking') return undefined;
      const announcement = findAnnouncement(change, pending);
      return announcement ? `breaking, announced for ${announcement.effective}` : 'breaking, not announced';
    };
    rmSync(OUT_DIR, { recursive: true, force: true });
    for (const change of changes) console.error(formatDataProblem(toUnrecordedProblem(change, state(change))));
    console.error(`error: ${notice.error}; nothing was built`);
    console.error(`hint: ${notice.hint}`);
    return 1;
  }
  if (changes.length > 0)
    return fail(
      changes.map((change) => toUnrecordedProblem(change)),
      ['change to the published contract is not recorded', 'changes to the published contract are not recorded'],
      'npm run changes shows what clients would see; npm run changes -- --record records it',
    );
  try {
    // The client package first: the site serves it, and its pages and /mcp.json name its URL; then
    // the other files Astro reads (prepare-site.ts).
    const { prepareSite } = await import('./prepare-site.ts');
    await prepareSite({ build: true, outDir: OUT_DIR });
    // A released version never changes: other bytes under a recorded version stop the build here.
    const { readCliTarball } = await import('../site/lib/cli-package/cli-tarball.ts');
    const { readServedReleases } = await import('../site/lib/cli-package/releases.ts');
    readServedReleases(readCliTarball());
    // Imported only now: bad data is reported without paying for loading Astro.
    const { build } = await import('astro');
    await build({ outDir: OUT_DIR, logLevel });
  } catch (error) {
    rmSync(OUT_DIR, { recursive: true, force: true });
    console.error(`error: the build failed; ${OUT_DIR}/ was removed so that nothing partial is published`);
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const deadLinks = checkResourceLinks(inspection.data.product.resources, OUT_DIR);
  if (deadLinks.length > 0)
    return fail(
      deadLinks,
      ['resource link leads nowhere', 'resource links lead nowhere'],
      'point each link above at a page or file the site has, then build again',
      `${OUT_DIR}/ was removed so that no dead link is published`,
    );
  return 0;
}

process.exitCode = await main();
