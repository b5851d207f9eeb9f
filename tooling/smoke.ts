/**
 * `npm run smoke -- <base-url> [--burst]`: checks a live deployment. The only file that touches
 * the process; everything else is `runSmoke`, which the tests call directly.
 */
import { runSmoke } from './smoke/run-smoke.ts';

process.exitCode = await runSmoke(process.argv.slice(2), {
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
  fetch: globalThis.fetch,
});
