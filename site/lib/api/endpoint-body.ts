import type { Endpoint } from '../../../contract/endpoints.ts';
import { apiSchemas } from '../../../contract/schemas/index.ts';
import type { SiteContext } from '../site-context.ts';
import { schemaCheckedJson } from './json-response.ts';

/**
 * An endpoint's 200 body exactly as this build serves it: built by the registry's builder from the
 * data and the base URL, checked against the endpoint's schema (a body that breaks the contract
 * fails the build instead of being published), serialized. The endpoint files and the MCP
 * published answers both take it from here, so the two can never differ by a byte.
 */
export function renderEndpointBody(endpoint: Endpoint, { data, baseUrl }: Pick<SiteContext, 'data' | 'baseUrl'>) {
  return schemaCheckedJson(apiSchemas[endpoint.schema], endpoint.buildBody(data, baseUrl));
}
