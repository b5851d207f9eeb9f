import { formatMs, formatSpread, roundSummary } from './bench-stats.ts';
import { runCounts, timeProcesses, type BenchSection, type ProcessTiming } from './bench-section.ts';

/** The floor: the least a Node process can do to fetch the same answer and print it. */
const BARE_FETCH =
  "fetch(process.argv[1], { headers: { accept: 'application/json' } }).then((r) => r.text()).then((t) => process.stdout.write(t + '\\n'))";

/**
 * How much the client costs over a bare fetch on the same Node (target: under 1.3x for
 * `earshot platforms --json`), and how fast it starts.
 */
export const clientSpeed: BenchSection = {
  id: 'client',
  title: 'Command-line client speed (wall time per process against the local server)',
  needs: ['server', 'cli'],
  async run({ baseUrl, cliPath, node, quick }) {
    const url = `${baseUrl}/api/v1/platforms`;
    const [client, bare, version, empty] = (await timeProcesses(
      [
        { command: node, args: [cliPath, 'platforms', '--json', '--base-url', baseUrl] },
        { command: node, args: ['-e', BARE_FETCH, url] },
        { command: node, args: [cliPath, '--version'] },
        { command: node, args: ['-e', ''] },
      ],
      runCounts(quick, 21, 3),
    )) as [ProcessTiming, ProcessTiming, ProcessTiming, ProcessTiming];
    const same = client.stdout.trimEnd() === bare.stdout.trimEnd();
    const fetchRatio = client.summary.median / bare.summary.median;
    const startupRatio = version.summary.median / empty.summary.median;
    return {
      rows: [
        {
          measure: 'earshot platforms --json',
          value: formatMs(client.summary.median),
          detail: formatSpread(client.summary),
        },
        {
          measure: 'node -e fetch(same URL)',
          value: formatMs(bare.summary.median),
          detail: `${formatSpread(bare.summary)}; ${same ? 'same bytes' : 'DIFFERENT output'}`,
        },
        {
          measure: 'ratio client / bare fetch',
          value: `${fetchRatio.toFixed(2)}x`,
          detail: 'of the medians; target < 1.30x',
        },
        {
          measure: 'earshot --version',
          value: formatMs(version.summary.median),
          detail: formatSpread(version.summary),
        },
        {
          measure: "node -e ''",
          value: formatMs(empty.summary.median),
          detail: `${formatSpread(empty.summary)}; startup floor; ratio ${startupRatio.toFixed(2)}x`,
        },
      ],
      problems: same ? [] : ['earshot platforms --json printed other bytes than a bare fetch of the same URL'],
      figures: {
        platformsJsonMs: roundSummary(client.summary),
        bareFetchMs: roundSummary(bare.summary),
        ratioClientToBareFetch: Number(fetchRatio.toFixed(3)),
        sameOutput: same,
        versionMs: roundSummary(version.summary),
        emptyNodeMs: roundSummary(empty.summary),
        ratioVersionToEmptyNode: Number(startupRatio.toFixed(3)),
      },
    };
  },
};
