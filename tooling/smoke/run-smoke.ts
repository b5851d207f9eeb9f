import { parseArgs } from 'node:util';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import {
  buildBurstCheck,
  buildFunctionLimitCheck,
  buildOtherHostCheck,
  buildResourceChecks,
  buildSmokeChecks,
  expectReachable,
  SmokeFailure,
  type SmokeCheck,
  type SmokeContext,
} from './smoke-checks.ts';
import { buildMcpBurstCheck, buildMcpSmokeChecks } from './mcp-smoke-checks.ts';
import { buildConformanceChecks } from './netlify-conformance.ts';
import { buildReleaseSmokeChecks } from './release-smoke-checks.ts';

export interface SmokeIo {
  stdout(line: string): void;
  stderr(line: string): void;
  fetch: typeof fetch;
}

const SMOKE_HELP = `Check a live deployment of the Earshot developer platform

Usage: npm run smoke -- <base-url> [--burst] [--other-host <url>]

Checks both API endpoints (200, schema-valid, headers, RateLimit-Policy), the JSON 404 under
/api/, the OpenAPI document, what the CDN answers to OPTIONS (CORS preflights) and to POST and
DELETE, the API catalog, the JSON Schemas at their $id, the caching of hashed assets, what
agents probe first (the Link header of /, / as Markdown for Accept: text/markdown, the MCP
Server Card), that every resource link of /api/v1/capabilities answers 2xx, and the remote MCP
endpoint /mcp (both protocol eras, 405 on GET, 403 for a foreign Origin, its function's own
address closed), and each row of the Netlify conformance table: what the CDN does that this site
relies on, with the paths a CDN may normalise (//api/..., /./api/..., /%2e/..., /docs/%2e%2e/...)
sent byte for byte, each of which must meet the JSON 404 or the API's rate-limited route. A row
Netlify documents nothing about is observed: its line prints what the CDN did and never fails.
Prints one line per check, "ok" (with what came back, where that is the point) or "FAIL", on stdout.
The local server (npm start) answers as the CDN does, so every check runs against it too.

Options:
  --burst   also send a bounded burst over the rate limit (at most twice the limit: the CDN
            may count late), to the API and to /mcp, and expect a JSON 429 with Retry-After
            and the RateLimit fields; the limit's window then stays full for up to a minute,
            for this address, as on the CDN. Also observes whether a function's limit
            without a path covers its own URL (/.netlify/functions/too-many-requests)
  --other-host <url>
            another address of the same deploy (its *.netlify.app name, a permalink): after
            the burst, observe whether it counts in the same window (prints, never fails)
  --help    show this help

Exit codes: 0 every check passed, 1 a check failed, 2 wrong usage.

Examples:
  npm run smoke -- http://localhost:8888
  npm run smoke -- https://deploy-preview-12--earshot.netlify.app --burst`;

/** `npm run smoke`: runs every check, one line each, and returns the exit code. */
export async function runSmoke(argv: string[], io: SmokeIo): Promise<number> {
  const options = parseSmokeArgs(argv);
  if (typeof options === 'string') return usageError(io, options);
  if (options.help) {
    io.stdout(SMOKE_HELP);
    return 0;
  }
  const context: SmokeContext = {
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    fetch: io.fetch,
    config: readNetlifyConfig(),
    rateLimit: readRateLimit(),
    mcpRateLimit: readMcpRateLimit(),
  };
  if (options.local)
    io.stderr('note: --local is no longer needed: the local server answers as the CDN does, so every check runs');
  try {
    await expectReachable(context);
  } catch (error) {
    io.stderr(`error: ${(error as Error).message}`);
    io.stderr('hint: check the address and that the deployment is up; for the local server, run `npm start` first');
    return 1;
  }
  const { failed, total } = await runChecks(context, options, io);
  if (failed === 0) {
    io.stderr(`${total} checks passed against ${context.baseUrl}`);
    return 0;
  }
  io.stderr(`error: ${failed} of ${total} checks failed against ${context.baseUrl}`);
  io.stderr('hint: each FAIL line above says what was expected and what came back');
  return 1;
}

/** The command line's options, or what is wrong with it. */
interface SmokeOptions {
  baseUrl: string;
  burst: boolean;
  local: boolean;
  help: boolean;
  otherHost?: string;
}

const ORIGIN = /^https?:\/\/[^/?#\s]+\/?$/;

function parseSmokeArgs(argv: string[]): SmokeOptions | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        burst: { type: 'boolean' },
        local: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        'other-host': { type: 'string' },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { burst = false, local = false, help = false, 'other-host': otherHost } = parsed.values;
  if (help) return { baseUrl: '', burst, local, help };
  const [baseUrl, ...extra] = parsed.positionals;
  if (!baseUrl) return 'missing <base-url>';
  if (extra.length > 0) return `unexpected argument ${JSON.stringify(extra[0])}`;
  if (!ORIGIN.test(baseUrl))
    return `<base-url> must be an http(s) origin such as https://earshot.dev (got ${JSON.stringify(baseUrl)})`;
  if (otherHost !== undefined && !ORIGIN.test(otherHost))
    return `--other-host must be an http(s) origin such as https://earshot.netlify.app (got ${JSON.stringify(otherHost)})`;
  if (otherHost !== undefined && !burst) return '--other-host observes the window after a burst: add --burst';
  return { baseUrl, burst, local, help, ...(otherHost && { otherHost: otherHost.replace(/\/$/, '') }) };
}

/** Runs every check in order, one line each on stdout, and counts the outcomes. */
async function runChecks(context: SmokeContext, { burst, otherHost }: SmokeOptions, io: SmokeIo) {
  let failed = 0;
  let total = 0;
  const runCheck = async (check: SmokeCheck) => {
    total += 1;
    try {
      const detail = await check.run();
      io.stdout(`ok   ${check.name}${detail ? `: ${detail}` : ''}`);
    } catch (error) {
      failed += 1;
      const reason = error instanceof SmokeFailure ? error.message : `unexpected error: ${(error as Error).message}`;
      io.stdout(`FAIL ${check.name}: ${reason}`);
    }
  };

  for (const check of buildSmokeChecks(context)) await runCheck(check);
  let resourceChecks: SmokeCheck[] = [];
  try {
    resourceChecks = await buildResourceChecks(context);
  } catch (error) {
    await runCheck({
      name: 'the resource links of /api/v1/capabilities can be read',
      run: () => Promise.reject(error),
    });
  }
  for (const check of resourceChecks) await runCheck(check);
  for (const check of buildMcpSmokeChecks(context)) await runCheck(check);
  for (const check of buildReleaseSmokeChecks(context)) await runCheck(check);
  for (const check of buildConformanceChecks(context.baseUrl)) await runCheck(check);
  // Last, so that the requests they spend do not turn the other checks into 429s.
  if (burst) {
    await runCheck(buildBurstCheck(context));
    if (otherHost) await runCheck(buildOtherHostCheck(context, otherHost));
    await runCheck(buildFunctionLimitCheck(context));
    await runCheck(buildMcpBurstCheck(context));
  }
  return { failed, total };
}

function usageError(io: SmokeIo, message: string): number {
  io.stderr(`error: ${message}`);
  io.stderr('hint: npm run smoke -- <base-url> [--burst] [--other-host <url>]; see npm run smoke -- --help');
  return 2;
}
