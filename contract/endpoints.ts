import type { ApiSchemaName, ApiSchemaTypes, PlatformsData, ProductData } from './schemas/index.ts';
import { buildResourceLinks } from './resource-links.ts';

/**
 * The public API's endpoints: each declared once, here, with everything the rest derives from it.
 *
 * - The build writes each body to the static file `endpointFile(endpoint)`, checked against its
 *   schema (site/pages/api/[...endpoint].json.ts), and the CDN serves that file at `path` through
 *   the endpoint's rewrite and rate-limit rule in netlify.toml (which cannot be generated:
 *   tests/unit/netlify-config.test.ts fails, naming the endpoint, when its rule is missing).
 * - The OpenAPI document gives each an operation, with `buildBody` over the first platforms as its
 *   example; the remote MCP endpoint answers from the same bodies, keyed by operation id; the
 *   client checks each answer against the tolerant variant of `schema`; the smoke check probes each.
 *
 * A CLI command, a library method or an MCP tool for an endpoint is a choice, made where those are
 * declared (client/src/definitions.ts, client/src/library.ts, client/src/mcp/mcp-tools.ts).
 */
export interface Endpoint<Id extends string = string, Schema extends BodySchemaName = BodySchemaName> {
  /**
   * The public path clients call with GET, for example `/api/v1/platforms`: under `/api/`, where
   * the JSON 404, the CORS headers and the other methods' function already apply.
   */
  path: `/api/${string}`;
  /** The OpenAPI operation (section 4.8.10): `id` names it everywhere, the MCP published answers included. */
  operation: {
    id: Id;
    /** Sentence case, no trailing period: `List the supported platforms`. */
    summary: string;
    /** What the 200 body holds, in a sentence or two; the docs and /llms.txt show it too. */
    description: string;
    tag: ApiTagName;
  };
  /** The 200 body's JSON Schema, by its name in `apiSchemas` (contract/schemas/index.ts). */
  schema: Schema;
  /**
   * The 200 body: a pure function of the validated data and the base URL this build links to
   * (`https://earshot.dev`, a preview's, or the local server's; without a trailing slash).
   */
  buildBody(data: ApiData, baseUrl: string): ApiSchemaTypes[Schema];
}

/** A schema an endpoint's body may have: one of `apiSchemas`, with its type in `ApiSchemaTypes`. */
type BodySchemaName = ApiSchemaName & keyof ApiSchemaTypes;

/** What every body is built from: the data files (`data/`), validated against their schemas. */
export interface ApiData {
  product: ProductData;
  platforms: PlatformsData;
}

/** The OpenAPI tags (section 4.8.22) operations are grouped under, and the description of each. */
export const apiTags = {
  Discovery: 'What the service monitors and how to integrate with it.',
} as const;

type ApiTagName = keyof typeof apiTags;

/** Infers each entry's literal operation id and schema name, and checks its body against that schema's type. */
const defineEndpoint = <const Id extends string, Schema extends BodySchemaName>(endpoint: Endpoint<Id, Schema>) =>
  endpoint;

/** In this order in the OpenAPI document, the docs, the API catalog and /llms.txt. */
export const endpoints = [
  defineEndpoint({
    path: '/api/v1/capabilities',
    operation: {
      id: 'getServiceCapabilities',
      summary: 'Get the product capabilities',
      description:
        'Returns the public product capabilities, the supported integration formats and links to agent resources.',
      tag: 'Discovery',
    },
    schema: 'CapabilitiesResponse',
    buildBody: ({ product, platforms }, baseUrl) => ({
      data: {
        product: product.name,
        description: product.description,
        platforms,
        resources: buildResourceLinks(product.resources, baseUrl),
      },
    }),
  }),
  defineEndpoint({
    path: '/api/v1/platforms',
    operation: {
      id: 'listServicePlatforms',
      summary: 'List the supported platforms',
      description: 'Lists the platforms available for monitoring and the target types supported on each.',
      tag: 'Discovery',
    },
    schema: 'PlatformsResponse',
    buildBody: ({ platforms }) => ({ data: platforms }),
  }),
] as const;

type RegisteredEndpoint = (typeof endpoints)[number];

export type OperationId = RegisteredEndpoint['operation']['id'];

type EndpointOf<Id extends OperationId> = Extract<RegisteredEndpoint, { operation: { id: Id } }>;

/** The 200 body of an operation, typed from its schema: `ResponseBody<'listServicePlatforms'>` is `PlatformsResponse`. */
export type ResponseBody<Id extends OperationId> = ApiSchemaTypes[EndpointOf<Id>['schema']];

/** The schemas of every endpoint's 200 body, each once. */
export type EndpointSchemaName = RegisteredEndpoint['schema'];

export function findEndpoint<Id extends OperationId>(operationId: Id): EndpointOf<Id> {
  const endpoint = endpoints.find((candidate) => candidate.operation.id === operationId);
  if (!endpoint) throw new Error(`findEndpoint: no endpoint has the operation id ${JSON.stringify(operationId)}`);
  return endpoint as EndpointOf<Id>;
}

/**
 * The static file the build writes an endpoint's body to, served at its path by a rewrite, so that
 * it carries `application/json` everywhere, the local server included: `/api/v1/platforms.json`.
 */
export function endpointFile(endpoint: Pick<Endpoint, 'path'>): string {
  return `${endpoint.path}.json`;
}

export const OPENAPI_PATH = '/openapi.json';
