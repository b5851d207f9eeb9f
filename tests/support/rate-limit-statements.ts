import { readFileSync } from 'node:fs';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';

/** A rate limit as a text states it: "60 requests per 60 seconds". */
export interface StatedRateLimit {
  windowLimit: number;
  windowSize: number;
  /** The words, to point at in a failure message. */
  text: string;
}

/** Every "N requests per M seconds" (or "per minute") in a text. */
export function findStatedRateLimits(text: string): StatedRateLimit[] {
  return [...text.matchAll(/(\d[\d,]*) requests? (?:per|every|a|an) (?:(\d+) seconds?|(minute|hour))/gi)].map(
    (match) => ({
      windowLimit: Number(match[1]!.replaceAll(',', '')),
      windowSize: match[2] ? Number(match[2]) : match[3]!.toLowerCase() === 'minute' ? 60 : 3600,
      text: match[0],
    }),
  );
}

/**
 * Every place outside the docs that tells readers the rate limit, each read as the reader gets it.
 * Each must state the API's limit at least once and never a different one, but the MCP endpoint's
 * own where `mcp` says it may. The built docs pages are held to the same rule in
 * tests/artifacts/docs.test.ts, which reads the test build.
 */
export const rateLimitStatements: { name: string; read: () => string; mcp?: true }[] = [
  {
    name: 'the OpenAPI document',
    read: () =>
      JSON.stringify(
        buildOpenApiDocument({
          data: loadSiteDataOrThrow({ dataDir: 'data' }),
          baseUrl: 'https://earshot.dev',
          rateLimit: readRateLimit(),
        }),
      ),
  },
  { name: 'the contract (contract/README.md)', read: () => readFileSync('contract/README.md', 'utf8'), mcp: true },
];
