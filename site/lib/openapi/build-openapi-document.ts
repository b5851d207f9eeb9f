/**
 * The OpenAPI 3.1.0 description of the public API, generated at build time from the JSON Schemas
 * and the data, never written by hand.
 * @see https://spec.openapis.org/oas/v3.1.0
 */
import packageManifest from '../../../package.json' with { type: 'json' };
import { apiSchemas } from '../../../contract/schemas/index.ts';
import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../../contract/api-errors.ts';
import { apiTags, endpoints, type ApiData, type Endpoint } from '../../../contract/endpoints.ts';
import { ALLOWED_METHODS, API_LINK_HEADER } from '../edge/api-headers.ts';
import { describeRateLimit, type RateLimit } from '../../../contract/rate-limit.ts';
import { resolveSiteLink } from '../../../contract/resource-links.ts';
import { formatRateLimit, formatRateLimitPolicy } from '../../../contract/rate-limit-fields.ts';
import { escapeMarkdownText } from '../text/escape-markdown.ts';
import { componentRef, toComponentSchema } from './to-component-schema.ts';
import { buildFirstCallSamples, type CodeSample } from '../docs/code-samples.ts';

export const OPENAPI_VERSION = '3.1.0';
export const API_DESCRIPTION_VERSION = '1.0.0';

/**
 * How many platforms the 200 examples show. The examples illustrate the shape; the full list is
 * what the endpoints answer. Embedding every platform made the document, and each API reference
 * page starlight-openapi renders from it, grow with the data: with 10,000 platforms each of the
 * two operation pages was about 20 MB of HTML and took about 6 s to render (see README, Performance).
 */
export const EXAMPLE_PLATFORM_COUNT = 3;

/** The path that describes every other resource and method under `/api/v1/`: 404 and 405. */
export const OTHER_RESOURCE_PATH = '/api/v1/{resource}';

/** The tag of the operations that describe the answers of other paths and methods. */
const OTHER_ANSWERS_TAG = 'Errors';

/** The HEAD operation of an endpoint, its GET's id with `head` for the verb: `listServicePlatforms` → `headServicePlatforms`. */
export function headOperationId(operationId: string): string {
  return operationId.replace(/^[a-z]+/, 'head');
}

export interface OpenApiInput {
  data: ApiData;
  baseUrl: string;
  rateLimit: RateLimit;
}

/** A docs sample as an OpenAPI `x-codeSamples` entry; `lang` names the language as Redocly lists it. */
function toOpenApiCodeSample(sample: CodeSample) {
  const lang = { curl: 'shell', javascript: 'javascript', python: 'python' }[sample.language];
  return { lang, label: sample.label, source: sample.code };
}

export function buildOpenApiDocument({ data, baseUrl, rateLimit }: OpenApiInput) {
  const limit = `${describeRateLimit(rateLimit)} per client IP address`;
  const { product } = data;
  const docsUrl = resolveSiteLink(product.resources.documentation, baseUrl, 'documentation').href;
  const exampleData = { ...data, platforms: data.platforms.slice(0, EXAMPLE_PLATFORM_COUNT) };
  const okHeaders = {
    ETag: { $ref: '#/components/headers/ETag' },
    'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
    Link: { $ref: '#/components/headers/Link' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
    'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
  };
  const tooManyRequests = {
    description: `Too Many Requests: more than ${limit}. The limit is counted over a sliding window; wait for \`Retry-After\` seconds, then retry.`,
    headers: {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
      RateLimit: { $ref: '#/components/headers/RateLimit' },
      'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
      'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
    },
  };
  const otherError = {
    description: [
      'Any other answer. The API itself answers errors with an Error body as `application/json`;',
      'errors from the network or the CDN in front of the API (such as a 502) may come as HTML:',
      'read the body as an Error only when its Content-Type is `application/json`.',
    ].join(' '),
  };
  // The headers of the API's own error answers (404, 405): the same policy, links and CORS as a 200.
  const errorHeaders = {
    Link: { $ref: '#/components/headers/Link' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
    'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
  };

  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${product.name} Discovery API`,
      version: API_DESCRIPTION_VERSION,
      summary: `Public, read-only discovery of ${product.name}'s monitoring platforms and integration resources.`,
      // CommonMark (OpenAPI 3.1.0, section 4.3): the API reference renders it, raw HTML included.
      description: [
        escapeMarkdownText(product.description),
        '',
        'The discovery API is public and read-only: it needs no API key and no authentication.',
        'It never exposes customer monitors, results, accounts, subscriptions or prompts.',
        '',
        'Clients should send `Accept: application/json` and a `User-Agent` that identifies them.',
        `The public rate limit is ${limit}, counted over a sliding window; requests over it are answered with HTTP 429 and an Error body.`,
      ].join('\n'),
      contact: { name: `${product.name} support`, email: product.supportEmail, url: docsUrl },
      // The licence of this repository, which generates the document (package.json, an SPDX identifier).
      license: { name: packageManifest.license, identifier: packageManifest.license },
    },
    externalDocs: { description: `${product.name} developer documentation`, url: docsUrl },
    servers: [{ url: baseUrl, description: describeServer(baseUrl, product.baseUrl), 'x-internal': false }],
    // Public by design: an empty list of security requirements, and no security scheme (4.8.1).
    security: [],
    tags: [
      ...Object.entries(apiTags).map(([name, description]) => ({ name, description })),
      { name: OTHER_ANSWERS_TAG, description: 'What every other path and method under `/api/` answers.' },
    ],
    // Object.assign, not a spread, keeps the endpoints' paths typed for the code that reads them.
    paths: Object.assign(
      Object.fromEntries(
        endpoints.map((endpoint) => [endpoint.path, describeEndpoint(endpoint, { baseUrl, exampleData, okHeaders })]),
      ) as Record<string, ReturnType<typeof describeEndpoint>>,
      {
        // The answers of every other path and method under /api/v1/, described so that a client, a
        // generator or a validating proxy knows them: the API has no other resource (404), and it is
        // read-only (405). OpenAPI matches a concrete path before a templated one (4.8.8), so the two
        // endpoints above keep their paths.
        [OTHER_RESOURCE_PATH]: {
          parameters: [
            {
              name: 'resource',
              in: 'path',
              required: true,
              description: `Any name but those of the API's resources (${endpoints.map(({ path }) => `\`${path.split('/').pop()}\``).join(' and ')}).`,
              schema: { type: 'string' },
              example: 'monitors',
            },
          ],
          get: {
            operationId: 'getOtherResource',
            tags: [OTHER_ANSWERS_TAG],
            summary: 'Any other resource: not found',
            description: `Every other path under \`/api/\` answers 404 with the Error body, HEAD included. The discovery API has no other resource: ${product.name}'s monitors, results, accounts, subscriptions and prompts are never public.`,
            responses: {
              '404': { $ref: '#/components/responses/NotFound' },
              default: { $ref: '#/components/responses/OtherError' },
            },
          },
          post: {
            operationId: 'writeResource',
            tags: [OTHER_ANSWERS_TAG],
            summary: 'Any write: method not allowed',
            description: `The API is read-only: \`POST\`, and likewise \`PUT\`, \`PATCH\` and \`DELETE\`, on any path under \`/api/\`, \`${endpoints.map(({ path }) => path).join('` and `')}\` included, answer 405 with the Error body and \`Allow: ${ALLOWED_METHODS.join(', ')}\`. \`OPTIONS\`, the CORS preflight, answers 204.`,
            responses: {
              '405': { $ref: '#/components/responses/MethodNotAllowed' },
              default: { $ref: '#/components/responses/OtherError' },
            },
          },
        },
      },
    ),
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
      // Named after the header each one describes. Each is sent on every answer that lists it, so each
      // is `required` (4.8.21): a deploy that drops one breaks the document, and a validator in front
      // of it (Prism, the e2e tests) says so.
      headers: {
        ETag: {
          required: true,
          description:
            'The validator of this answer: send it back in `If-None-Match` to get `304 Not Modified` while the data has not changed (RFC 9110, section 8.8.3).',
          schema: { type: 'string' },
        },
        'Cache-Control': {
          required: true,
          description:
            'How long the answer may be reused: caches keep it a short time, then revalidate it with the ETag (RFC 9111, section 5.2).',
          schema: { type: 'string' },
        },
        Link: {
          required: true,
          description:
            'The OpenAPI document (`service-desc`), the docs (`service-doc`, RFC 8631) and the API catalog (`api-catalog`, RFC 9727).',
          schema: { type: 'string' },
          example: API_LINK_HEADER,
        },
        'RateLimit-Policy': {
          required: true,
          description: `The rate limit, as the IETF RateLimit header fields draft writes it: \`q\` requests per \`w\` seconds, here ${limit}. The same on every answer.`,
          schema: { type: 'string' },
          example: formatRateLimitPolicy(rateLimit),
        },
        RateLimit: {
          required: true,
          description:
            'What is left of the rate limit (IETF RateLimit header fields draft): `r` requests within the next `t` seconds. Sent with 429, where `r` is 0 and `t` equals `Retry-After`.',
          schema: { type: 'string' },
          example: formatRateLimit({ remaining: 0, resetSeconds: rateLimit.windowSize }),
        },
        'Retry-After': {
          required: true,
          description: 'How many seconds to wait before retrying (RFC 9110, section 10.2.3).',
          schema: { type: 'integer', minimum: 0 },
          example: rateLimit.windowSize,
        },
        Allow: {
          required: true,
          description: 'The methods the API answers (RFC 9110, section 10.2.1).',
          schema: { type: 'string' },
          example: ALLOWED_METHODS.join(', '),
        },
        'Access-Control-Allow-Origin': {
          required: true,
          description: 'Any origin may read the answer (CORS, without credentials).',
          schema: { type: 'string', const: '*' },
        },
      },
      responses: {
        NotModified: {
          description:
            'Not Modified: the `If-None-Match` sent names the current `ETag`, so the copy the client has is current (RFC 9110, section 15.4.5). No body.',
          headers: {
            ETag: { $ref: '#/components/headers/ETag' },
            'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
            'Access-Control-Allow-Origin': { $ref: '#/components/headers/Access-Control-Allow-Origin' },
          },
        },
        TooManyRequests: {
          ...tooManyRequests,
          content: {
            'application/json': { schema: componentRef('Error'), example: TOO_MANY_REQUESTS },
          },
        },
        TooManyRequestsHeaders: { ...tooManyRequests, description: `${tooManyRequests.description} No body.` },
        NotFound: {
          description: 'Not Found: no resource has this path. The Error body, as `application/json`.',
          headers: errorHeaders,
          content: { 'application/json': { schema: componentRef('Error'), example: NOT_FOUND } },
        },
        MethodNotAllowed: {
          description: `Method Not Allowed: the API is read-only. \`Allow\` lists the methods it answers (RFC 9110, section 15.5.6).`,
          headers: { Allow: { $ref: '#/components/headers/Allow' }, ...errorHeaders },
          content: { 'application/json': { schema: componentRef('Error'), example: METHOD_NOT_ALLOWED } },
        },
        OtherError: {
          ...otherError,
          content: {
            'application/json': { schema: componentRef('Error') },
            'text/html': { schema: { type: 'string' } },
          },
        },
        OtherErrorHeaders: { description: `${otherError.description} No body.` },
      },
    },
  };
}

/** The GET and HEAD operations of one endpoint. */
function describeEndpoint(
  { path, operation, schema, buildBody }: Endpoint,
  {
    baseUrl,
    exampleData,
    okHeaders,
  }: { baseUrl: string; exampleData: ApiData; okHeaders: Record<string, { $ref: string }> },
) {
  // OpenAPI ignores a header parameter named Accept (4.8.12.1), so the description says it.
  const description = `${operation.description}\n\nSend \`Accept: application/json\`. No authentication is needed.`;
  const ok = {
    description: `OK. The example shows the first ${EXAMPLE_PLATFORM_COUNT} platforms; the answer lists every supported platform.`,
    headers: okHeaders,
  };
  return {
    get: {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      description,
      parameters: [{ $ref: '#/components/parameters/UserAgent' }],
      // The docs' own samples (site/lib/docs/code-samples.ts, run by the e2e tests), which the
      // API reference shows in place of generated ones: Accept sent, the status checked, and
      // no User-Agent in the JavaScript a browser would run.
      // @see https://redocly.com/docs-legacy/api-reference-docs/specification-extensions/x-code-samples
      'x-codeSamples': buildFirstCallSamples(`${baseUrl}${path}`).map(toOpenApiCodeSample),
      responses: {
        '200': {
          ...ok,
          content: {
            'application/json': { schema: componentRef(schema), example: buildBody(exampleData, baseUrl) },
          },
        },
        '304': { $ref: '#/components/responses/NotModified' },
        '429': { $ref: '#/components/responses/TooManyRequests' },
        default: { $ref: '#/components/responses/OtherError' },
      },
    },
    // HEAD answers what GET answers, without the body (RFC 9110, section 9.3.2): a client
    // checks the ETag or the rate limit without downloading the list.
    head: {
      operationId: headOperationId(operation.id),
      tags: [operation.tag],
      summary: `${operation.summary}, headers only`,
      description: `The headers \`GET ${path}\` answers with, and no body (HEAD, RFC 9110, section 9.3.2): for a client that checks the \`ETag\` or the rate limit without downloading the answer. No authentication is needed.`,
      parameters: [{ $ref: '#/components/parameters/UserAgent' }],
      responses: {
        '200': ok,
        '304': { $ref: '#/components/responses/NotModified' },
        '429': { $ref: '#/components/responses/TooManyRequestsHeaders' },
        default: { $ref: '#/components/responses/OtherErrorHeaders' },
      },
    },
  };
}

/**
 * Which environment the server is (OpenAPI tools and the OWASP ruleset look for the word): the
 * production address of `data/product.json`, a local build, or a deploy preview.
 */
function describeServer(baseUrl: string, productionUrl: string): string {
  if (baseUrl === productionUrl) return 'Production';
  const { hostname } = new URL(baseUrl);
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]')
    return 'Local server: this build, not production';
  return 'Preview: a deploy preview or branch deploy of this site, not production';
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
