import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchSection } from './bench-section.ts';

interface TestTimings {
  total: number;
  steps: Record<string, number>;
}

/**
 * `npm test` end to end, as a maintainer runs it: one run (it takes minutes), with the time of
 * each step as the test runner reports it (`EARSHOT_TEST_TIMINGS`). The steps overlap (the build
 * beside the unit tests and lint, the artifact tests beside the browser tests), so they add up to
 * more than the total. Run only when asked (`--only tests`): it runs the whole suite.
 */
export const testSuite: BenchSection = {
  id: 'tests',
  title: '`npm test`, end to end (one run)',
  needs: [],
  onlyWhenAsked: true,
  async run({ node, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'earshot-bench-tests-'));
    const timingsFile = join(dir, 'timings.json');
    try {
      log('tests: npm test (several minutes)');
      const loadBefore = loadavg()[0]!;
      const run = spawnSync(node, ['tests/run-tests.ts'], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, EARSHOT_TEST_TIMINGS: timingsFile },
      });
      const loadAfter = loadavg()[0]!;
      const timings = JSON.parse(readFileSync(timingsFile, 'utf8')) as TestTimings;
      const passed = run.status === 0;
      return {
        rows: [
          {
            measure: 'npm test, wall time',
            value: `${timings.total.toFixed(0)} s`,
            detail: `${passed ? 'passed' : `FAILED (exit ${run.status})`}; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
          },
          ...Object.entries(timings.steps).map(([step, seconds]) => ({
            measure: `  ${step}`,
            value: `${seconds.toFixed(0)} s`,
            detail: '',
          })),
        ],
        figures: {
          passed,
          totalSeconds: timings.total,
          stepSeconds: timings.steps,
          loadAverage: [loadBefore, loadAfter],
        },
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
