/**
 * The OpenAPI 3.1.0 description of the public API, generated at build time from the JSON Schemas
 * and the data, never written by hand. It describes the operations that exist, GET and HEAD of
 * each endpoint, and nothing else: a generator turns every operation into a function, so an
 * operation that could only fail would be a function that only fails. What other paths and
 * methods answer (404, 405) is each operation's `default` answer.
 * @see https://spec.openapis.org/oas/v3.1.0
 */
import { apiSchemas } from '../../../contract/schemas/index.ts';
import { apiTags, endpoints, type ApiData } from '../../../contract/endpoints.ts';
import { describeRateLimit, type RateLimit } from '../../../contract/rate-limit.ts';
import { describeApiInfo } from './describe-api-info.ts';
import { describeEndpoint, EXAMPLE_PLATFORM_COUNT } from './describe-endpoint.ts';
import { describeHeaders } from './describe-headers.ts';
import { describeResponses } from './describe-responses.ts';
import { toComponentSchema } from './to-component-schema.ts';

export { EXAMPLE_PLATFORM_COUNT, headOperationId } from './describe-endpoint.ts';

export const OPENAPI_VERSION = '3.1.0';
export const API_DESCRIPTION_VERSION = '1.0.0';

export interface OpenApiInput {
  data: ApiData;
  baseUrl: string;
  rateLimit: RateLimit;
}

export function buildOpenApiDocument({ data, baseUrl, rateLimit }: OpenApiInput) {
  const limit = `${describeRateLimit(rateLimit)} per client IP address`;
  const exampleData = { ...data, platforms: data.platforms.slice(0, EXAMPLE_PLATFORM_COUNT) };
  const { info, externalDocs, servers } = describeApiInfo({ data, baseUrl, limit, version: API_DESCRIPTION_VERSION });
  return {
    openapi: OPENAPI_VERSION,
    info,
    externalDocs,
    servers,
    // Public by design: an empty list of security requirements, and no security scheme (4.8.1).
    security: [],
    tags: Object.entries(apiTags).map(([name, description]) => ({ name, description })),
    paths: Object.fromEntries(
      endpoints.map((endpoint) => [endpoint.path, describeEndpoint(endpoint, { baseUrl, exampleData })]),
    ) as Record<string, ReturnType<typeof describeEndpoint>>,
    components: {
      schemas: Object.fromEntries(
        Object.entries(apiSchemas).map(([name, schema]) => [name, toComponentSchema(schema)]),
      ),
      parameters: {
        UserAgent: {
          name: 'User-Agent',
          in: 'header',
          required: false,
          description:
            'Identifies the calling agent, script or tool and its version, for example `my-agent/1.2 (+https://example.com)`.',
          schema: { type: 'string' },
          example: 'my-agent/1.2 (+https://example.com)',
        },
      },
      headers: describeHeaders({ rateLimit, limit }),
      responses: describeResponses({ limit }),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
