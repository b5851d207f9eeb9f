import type { ApiSchemaName } from './schemas/index.ts';

/**
 * The public API's routes. Each is emitted at build time as a static `.json` file that the CDN
 * serves at the extensionless path through a rewrite (see `netlify.toml`), so that it carries
 * `application/json` everywhere, including the local server.
 */
export const apiRoutes = [
  {
    path: '/api/v1/capabilities',
    file: '/api/v1/capabilities.json',
    operationId: 'getServiceCapabilities',
    schema: 'CapabilitiesResponse',
    summary: 'Get the product capabilities',
    description:
      'Returns the public product capabilities, the supported integration formats and links to agent resources.',
  },
  {
    path: '/api/v1/platforms',
    file: '/api/v1/platforms.json',
    operationId: 'listServicePlatforms',
    schema: 'PlatformsResponse',
    summary: 'List the supported platforms',
    description: 'Lists the platforms available for monitoring and the target types supported on each.',
  },
] as const satisfies readonly ApiRoute[];

export interface ApiRoute {
  /** The public path clients call. */
  path: string;
  /** The static file the build writes, served at `path`. */
  file: string;
  operationId: string;
  schema: ApiSchemaName;
  summary: string;
  description: string;
}

export const OPENAPI_PATH = '/openapi.json';
