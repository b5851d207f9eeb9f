import type { CapabilitiesResponse, ResourceName } from './schemas/index.ts';

type ResourceLinks = CapabilitiesResponse['data']['resources'];

/**
 * The capabilities' resource links, each path of `data/product.json` made absolute against
 * `baseUrl`, so that every link points at the deployment that serves it.
 */
export function buildResourceLinks(paths: Record<ResourceName, string>, baseUrl: string): ResourceLinks {
  const links = Object.entries(paths).map(([name, path]) => [name, new URL(path, `${baseUrl}/`).href]);
  return Object.fromEntries(links) as ResourceLinks;
}
