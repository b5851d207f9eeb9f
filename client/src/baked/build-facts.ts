/**
 * Facts fixed when the client is built: its version, the production API it talks to and that
 * API's rate-limit window.
 *
 * Run from source, they are read from the client package's manifest (`client/package.json`)
 * and `data/product.json`. In the published
 * bundle, `tooling/build-cli.ts` replaces this module with the same values as literals, so the
 * installed client reads no file at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readRateLimit } from '../../../contract/rate-limit.ts';
import { resolveSiteLink } from '../../../contract/resource-links.ts';

export interface BuildFacts {
  version: string;
  /** The production base URL from `data/product.json`, such as `https://earshot.dev`. */
  productionBaseUrl: string;
  supportEmail: string;
  /** The command-line client's docs page in production (`resources.cli`), which shows how to install it. */
  cliDocsUrl: string;
  /**
   * The rate limit's window in seconds, from `netlify.toml` (`readRateLimit()`), where the edge
   * enforces it: over the limit, the edge asks to wait at most one window (`Retry-After`), so
   * that is how long the client is willing to wait before a retry (`retry-policy.ts`).
   */
  rateLimitWindowSeconds: number;
}

/**
 * The project's root. Run from source, three folders up from this module. Bundled into the site's
 * prerendering chunks by the Astro build (the docs render the client's definitions, which name
 * the rate-limit window), this module no longer sits in client/src/baked/, and the build runs from
 * the project's root.
 */
function projectRoot(): URL {
  const besideSource = new URL('../../../', import.meta.url);
  return existsSync(new URL('client/package.json', besideSource)) ? besideSource : pathToFileURL(`${process.cwd()}/`);
}

export function readBuildFacts(): BuildFacts {
  const root = projectRoot();
  const readJson = <T>(path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as T;
  // The client package's own manifest holds its version: one version, whoever asks.
  const manifest = readJson<{ version: string }>('client/package.json');
  const product = readJson<{ baseUrl: string; supportEmail: string; resources: { cli: string } }>('data/product.json');
  return {
    version: manifest.version,
    productionBaseUrl: product.baseUrl,
    supportEmail: product.supportEmail,
    cliDocsUrl: resolveSiteLink(product.resources.cli, product.baseUrl, 'cli').href,
    rateLimitWindowSeconds: readRateLimit(fileURLToPath(new URL('netlify.toml', root))).windowSize,
  };
}

export const buildFacts: BuildFacts = readBuildFacts();
