import { resolveBaseUrl } from './api/resolve-base-url.ts';
import { loadSiteDataOrThrow, type SiteData } from './data/load-site-data.ts';
import { readRateLimit, type RateLimit } from '../../contract/rate-limit.ts';

export interface SiteContext {
  data: SiteData;
  /** Absolute, without a trailing slash, for example `https://earshot.dev`. */
  baseUrl: string;
  /** The public API's rate limit, as the CDN enforces it. */
  rateLimit: RateLimit;
}

/** The validated data and the base URL this build links to. */
export function loadSiteContext(env: Record<string, string | undefined> = process.env): SiteContext {
  const data = loadSiteDataOrThrow();
  return { data, baseUrl: resolveBaseUrl(env, data.product.baseUrl), rateLimit: readRateLimit() };
}
