import type { CapabilitiesResponse, ResourceName } from './schemas/index.ts';
import { resolveSitePath } from './site-path.ts';

type ResourceLinks = CapabilitiesResponse['data']['resources'];

/**
 * The capabilities' resource links, each path of `data/product.json` made absolute against
 * `baseUrl`, so that every link points at the deployment that serves it. The data's schema admits
 * only site paths; a path that would still leave the site is a bug, and stops the build here.
 */
export function buildResourceLinks(paths: Record<ResourceName, string>, baseUrl: string): ResourceLinks {
  const links = Object.entries(paths).map(([name, path]) => [name, resolveSiteLink(path, baseUrl, name).href]);
  return Object.fromEntries(links) as ResourceLinks;
}

/** `path` on the site at `baseUrl`; throws, naming the resource, for a path of another site. */
export function resolveSiteLink(path: string, baseUrl: string, name: string): URL {
  const url = resolveSitePath(path, baseUrl);
  if (!url) throw new Error(`resources.${name}: "${path}" is not a path of ${baseUrl}`);
  return url;
}
