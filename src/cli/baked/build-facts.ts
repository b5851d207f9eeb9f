/**
 * Facts fixed when the client is built: its version and the production API it talks to.
 *
 * Run from source, they are read from `package.json` and `data/product.json`. In the published
 * bundle, `src/scripts/build-cli.ts` replaces this module with the same values as literals, so the
 * installed client reads no file at start.
 */
import { readFileSync } from 'node:fs';

export interface BuildFacts {
  version: string;
  /** The production base URL from `data/product.json`, such as `https://earshot.dev`. */
  productionBaseUrl: string;
  supportEmail: string;
}

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, string>;

export function readBuildFacts(): BuildFacts {
  const packageJson = readJson('../../../package.json');
  const product = readJson('../../../data/product.json');
  return { version: packageJson.version!, productionBaseUrl: product.baseUrl!, supportEmail: product.supportEmail! };
}

export const buildFacts: BuildFacts = readBuildFacts();
