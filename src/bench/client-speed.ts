import { formatMs, timeProcesses, type BenchSection, type ProcessTiming } from './bench-section.ts';

/** The floor: the least a Node process can do to fetch the same answer and print it. */
const BARE_FETCH = "fetch(process.argv[1], { headers: { accept: 'application/json' } }).then((r) => r.text()).then((t) => process.stdout.write(t + '\\n'))";

/**
 * How much the client costs over a bare fetch on the same Node (target: under 1.3x for
 * `earshot platforms --json`), and how fast it starts.
 */
export const clientSpeed: BenchSection = {
  title: 'Command-line client speed (wall time per process, median)',
  async run({ baseUrl, cliPath, node }) {
    const url = `${baseUrl}/api/v1/platforms`;
    const [client, bare, version, empty] = timeProcesses([
      { command: node, args: [cliPath, 'platforms', '--json', '--base-url', baseUrl] },
      { command: node, args: ['-e', BARE_FETCH, url] },
      { command: node, args: [cliPath, '--version'] },
      { command: node, args: ['-e', ''] },
    ]) as [ProcessTiming, ProcessTiming, ProcessTiming, ProcessTiming];
    const same = client.stdout.trimEnd() === bare.stdout.trimEnd() ? 'same bytes' : 'DIFFERENT output';
    return [
      { measure: 'earshot platforms --json', value: formatMs(client.medianMs), detail: `${client.runs} runs` },
      { measure: `node -e fetch(${url})`, value: formatMs(bare.medianMs), detail: `${bare.runs} runs; ${same}` },
      { measure: 'ratio client / bare fetch', value: `${(client.medianMs / bare.medianMs).toFixed(2)}x`, detail: 'target < 1.30x' },
      { measure: 'earshot --version', value: formatMs(version.medianMs), detail: `${version.runs} runs` },
      { measure: "node -e ''", value: formatMs(empty.medianMs), detail: `startup floor; ratio ${(version.medianMs / empty.medianMs).toFixed(2)}x` },
    ];
  },
};
