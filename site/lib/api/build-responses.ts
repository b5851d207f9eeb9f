import type { CapabilitiesResponse, PlatformsResponse, ResourceName } from '../../../contract/schemas/index.ts';
import type { SiteData } from '../data/load-site-data.ts';

export function buildPlatformsResponse({ platforms }: SiteData): PlatformsResponse {
  return { data: platforms };
}

/** The capabilities answer, with every resource link made absolute against `baseUrl`. */
export function buildCapabilitiesResponse({ product, platforms }: SiteData, baseUrl: string): CapabilitiesResponse {
  return {
    data: {
      product: product.name,
      description: product.description,
      platforms,
      resources: buildResourceLinks(product.resources, baseUrl),
    },
  };
}

export function buildResourceLinks(
  paths: Record<ResourceName, string>,
  baseUrl: string,
): CapabilitiesResponse['data']['resources'] {
  const links = Object.entries(paths).map(([name, path]) => [name, new URL(path, `${baseUrl}/`).href]);
  return Object.fromEntries(links) as CapabilitiesResponse['data']['resources'];
}
