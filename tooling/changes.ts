/** `npm run changes`: the launcher; everything else is `runChanges` (tooling/published-contract/run-changes.ts). */
import { defaultDataDir } from '../site/lib/data/load-site-data.ts';
import { runChanges } from './published-contract/run-changes.ts';
import { readToday } from './today.ts';

const today = readToday(process.env);
if (today.ok)
  process.exitCode = runChanges(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    dataDir: defaultDataDir(),
    today: today.today,
  });
else {
  process.stderr.write(`error: ${today.error}\nhint: ${today.hint}\n`);
  process.exitCode = 2;
}
