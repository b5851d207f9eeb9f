/**
 * Reads the stage timings out of Astro's `info` build log, so that a slow build says where its time
 * went (page by page, and the Pagefind index) without a profiler run.
 */
export interface BuildLogTimings {
  /** Render time of each route, in the order Astro printed them. */
  routes: { route: string; ms: number }[];
  /** Pagefind's own figure for the search index, when Starlight ran it. */
  pagefindMs: number | undefined;
}

const ANSI = /\u001b\[[0-9;]*m/g;

export function parseBuildLog(log: string): BuildLogTimings {
  const text = log.replace(ANSI, '');
  const routes = [...text.matchAll(/[├└]─ (\S+) \(\+([\d.]+)(ms|s)\)/g)].map(([, route, value, unit]) => ({
    route: route!,
    ms: Number(value) * (unit === 's' ? 1000 : 1),
  }));
  const pagefind = /Finished building search index in ([\d.]+)(ms|s)/.exec(text);
  return { routes, pagefindMs: pagefind ? Number(pagefind[1]) * (pagefind[2] === 's' ? 1000 : 1) : undefined };
}
