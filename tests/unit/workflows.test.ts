import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { validateWorkflowFiles, workflowProblems } from '../../tooling/workflows/validate-workflows.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';

/**
 * The GitHub Actions workflows (.github/workflows/), held to the README: their commands are the
 * README's, on the Node version the project deploys with, within the time the README states.
 * `npm run lint` validates them against the workflow schema (action-validator); these tests hold
 * what a schema cannot know. What only GitHub can run is listed in .github/README.md.
 */
interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  container?: string;
  if?: string;
  'timeout-minutes'?: number;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const readWorkflow = (name: string) => parse(readFileSync(`.github/workflows/${name}`, 'utf8')) as Workflow;
const onlyJob = (workflow: Workflow) => {
  const jobs = Object.values(workflow.jobs);
  assert.equal(jobs.length, 1);
  return jobs[0]!;
};
/** The commands a job runs that are the project's (npm …); the others set the runner up. */
const npmCommands = (job: Job) => job.steps.flatMap((step) => (step.run?.startsWith('npm ') ? [step.run.trim()] : []));
const runnerSetUp = (job: Job) => job.steps.filter((step) => step.run && !step.run.startsWith('npm '));
const readme = readFileSync('README.md', 'utf8');
const prose = readme.replace(/\s+/g, ' ');
/** The README's quick start commands, one per `&&` and line, without their comments. */
const quickStart = /## Quick start[\s\S]*?```sh\n([\s\S]*?)```/
  .exec(readme)![1]!
  .split('\n')
  .flatMap((line) => line.replace(/#.*/, '').split('&&'))
  .map((command) => command.trim())
  .filter(Boolean);
const nodeVersion = readNetlifyConfig().build!.environment!.NODE_VERSION!;
const setupNode = (job: Job) => job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))!;

describe('the workflow validator of npm run lint', () => {
  it('finds every workflow file of the repository valid', () => {
    const { files, problems } = validateWorkflowFiles();
    assert.ok(files.length >= 3, files.join(', '));
    assert.deepEqual(problems, []);
  });

  it('names the file, the place and what the schema expects, one line each', () => {
    const broken = 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    stepz: []\n';
    assert.deepEqual(workflowProblems('ci.yml', broken), [
      "ci.yml#/jobs/test: Additional property 'stepz' is not allowed",
    ]);
  });
});

describe('.github/workflows/ci.yml: every pull request and push to main', () => {
  const workflow = readWorkflow('ci.yml');
  const job = onlyJob(workflow);

  it('runs on pull requests and on pushes to main', () => {
    assert.deepEqual(Object.keys(workflow.on).sort(), ['pull_request', 'push']);
    assert.deepEqual(workflow.on.push, { branches: ['main'] });
  });

  it("runs the README's commands, `npm ci` then `npm test`, as .ci/run does, and nothing else of the project's", () => {
    const ciRun = readFileSync('.ci/run', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('npm '));
    assert.deepEqual(npmCommands(job), ciRun);
    assert.deepEqual(npmCommands(job), ['npm ci', 'npm test']);
    for (const command of npmCommands(job)) assert.ok(quickStart.includes(command), `${command} is in the quick start`);
    for (const step of runnerSetUp(job)) assert.match(step.name ?? '', /^Runner set-up/);
  });

  it('runs in Debian, where `npm test` installs the Debian packages it needs, as root (no question asked)', () => {
    assert.match(job.container ?? '', /^debian:/);
  });

  it('uses the Node version netlify.toml deploys with, which the README allows, and caches npm', () => {
    const node = setupNode(job);
    assert.equal(String(node.with!['node-version']), nodeVersion);
    const minimum = Number(/You need Node\.js (\d+) or newer/.exec(prose)![1]);
    assert.ok(Number(nodeVersion) >= minimum);
    assert.equal(node.with!.cache, 'npm');
  });

  it("keeps apt's downloads of the packages tests/support/system-packages.ts names, keyed on that file", () => {
    const cache = job.steps.find((step) => step.uses?.startsWith('actions/cache@'))!;
    assert.equal(cache.with!.path, '/var/cache/apt/archives/*.deb');
    assert.match(String(cache.with!.key), /hashFiles\('tests\/support\/system-packages\.ts'\)/);
    assert.ok(
      runnerSetUp(job)[0]!.run!.includes('rm -f /etc/apt/apt.conf.d/docker-clean'),
      'the image keeps .deb files',
    );
  });

  it("stops a hung run, with room for the README's times (npm ci, then npm test at its slowest)", () => {
    const ciMinutes = Number(/`npm ci` takes about (\d+) minutes/.exec(prose)![1]);
    const testMinutes = Number(/`npm test` takes \d+ to (\d+) minutes/.exec(prose)![1]);
    assert.ok(job['timeout-minutes']! >= 2 * (ciMinutes + testMinutes), `timeout ${job['timeout-minutes']}`);
    assert.ok(job['timeout-minutes']! <= 30);
  });
});

describe('.github/workflows/smoke-deploy.yml: every deploy smoked', () => {
  const workflow = readWorkflow('smoke-deploy.yml');
  const job = onlyJob(workflow);

  it("runs when Netlify's deployment status says a deploy is ready", () => {
    assert.deepEqual(Object.keys(workflow.on), ['deployment_status']);
    assert.equal(job.if, "github.event.deployment_status.state == 'success'");
  });

  it("runs `npm ci`, then the README's smoke command on the deploy's own URL (production's address for production)", () => {
    assert.deepEqual(npmCommands(job), ['npm ci', 'npm run smoke -- "$SMOKE_URL"']);
    assert.ok(readme.includes('`npm run smoke -- <base-url> [--burst]`'));
    const target = runnerSetUp(job)[0]!;
    assert.equal(target.env!.DEPLOY_URL, '${{ github.event.deployment_status.environment_url }}');
    assert.match(target.run!, /data\/product\.json/);
    assert.equal(String(setupNode(job).with!['node-version']), nodeVersion);
  });
});

describe('.github/workflows/samples-today.yml: the docs read as a reader reads them today', () => {
  const workflow = readWorkflow('samples-today.yml');
  const job = onlyJob(workflow);
  const { product } = loadSiteDataOrThrow({ dataDir: 'data' });

  it('runs weekly, and by hand', () => {
    assert.deepEqual(Object.keys(workflow.on).sort(), ['schedule', 'workflow_dispatch']);
    const [{ cron }] = workflow.on.schedule as [{ cron: string }];
    assert.match(cron, /^\d+ \d+ \* \* [0-6]$/, 'once a week');
  });

  it("runs the samples' tests against production (data/product.json) with the registry's current versions", () => {
    const samples = job.steps.find((step) => step.run?.startsWith('npx playwright test'))!;
    assert.deepEqual(samples.run!.split(' ').slice(3).sort(), [
      'tests/e2e/code-samples.spec.ts',
      'tests/e2e/generated-clients.spec.ts',
    ]);
    assert.deepEqual(samples.env, { EARSHOT_TEST_URL: product.baseUrl, EARSHOT_SAMPLES_LIVE: '1' });
    assert.deepEqual(npmCommands(job), ['npm ci']);
  });

  it('installs the Debian packages tests/support/system-packages.ts names for the e2e layer', () => {
    const source = readFileSync('tests/support/system-packages.ts', 'utf8');
    const e2e = [...source.matchAll(/\{ name: '([^']+)', layers: \[([^\]]*)\]/g)]
      .filter(([, , layers]) => layers!.includes("'e2e'"))
      .map(([, name]) => name!);
    assert.ok(e2e.length >= 3, e2e.join(', '));
    const installed = runnerSetUp(job)[0]!.run!;
    for (const name of e2e) assert.ok(installed.includes(` ${name}`), name);
  });

  it('opens an issue when a sample fails, or adds to the open one', () => {
    const report = job.steps.find((step) => step.uses?.startsWith('actions/github-script@'))!;
    assert.equal(report.if, 'failure()');
    assert.match(String(report.with!.script), /issues\.create\(/);
    assert.equal(workflow.permissions!.issues, 'write');
  });
});
