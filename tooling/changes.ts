/** `npm run changes`: the launcher; everything else is `runChanges` (tooling/published-contract/run-changes.ts). */
import { defaultDataDir } from '../site/lib/data/load-site-data.ts';
import { runChanges } from './published-contract/run-changes.ts';

process.exitCode = runChanges(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  dataDir: defaultDataDir(),
  today: new Date().toISOString().slice(0, 10),
});
