import type { ApiData, Endpoint } from '../../../contract/endpoints.ts';
import { buildFirstCallSamples, buildHeadSamples, type CodeSample } from '../docs/code-samples.ts';
import { headerRef } from './describe-headers.ts';
import { buildGeneratedClientSamples, renderGeneratedClientSample } from './generated-client-samples.ts';
import { responseRef } from './describe-responses.ts';
import { componentRef } from './to-component-schema.ts';

/**
 * How many platforms the 200 examples show. The examples illustrate the shape; the full list is
 * what the endpoints answer. Embedding every platform made the document, and each API reference
 * page starlight-openapi renders from it, grow with the data: with 10,000 platforms each of the
 * two operation pages was about 20 MB of HTML and took about 6 s to render (see README, Performance).
 */
export const EXAMPLE_PLATFORM_COUNT = 3;

/** The HEAD operation of an endpoint, its GET's id with `head` for the verb: `listServicePlatforms` → `headServicePlatforms`. */
export function headOperationId(operationId: string): string {
  return operationId.replace(/^[a-z]+/, 'head');
}

/** The headers of every 200, by reference. */
const okHeaders = {
  ETag: headerRef('ETag'),
  'Cache-Control': headerRef('Cache-Control'),
  Link: headerRef('Link'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
  'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
  Deprecation: headerRef('Deprecation'),
  Sunset: headerRef('Sunset'),
};

/** The GET and HEAD operations of one endpoint (a Path Item Object, 4.8.9): the only operations the API has. */
export function describeEndpoint(
  { path, operation, schema, buildBody }: Endpoint,
  { baseUrl, exampleData }: { baseUrl: string; exampleData: ApiData },
) {
  // OpenAPI ignores a header parameter named Accept (4.8.12.1), so the description says it.
  const description = `${operation.description}\n\nSend \`Accept: application/json\`. No authentication is needed.`;

  return {
    get: {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      description,
      parameters: [{ $ref: '#/components/parameters/UserAgent' }],
      // The docs' own samples (site/lib/docs/code-samples.ts), then one per client generator: the
      // API reference shows them in place of its own. The e2e tests run each.
      // @see https://redocly.com/docs-legacy/api-reference-docs/specification-extensions/x-code-samples
      'x-codeSamples': [
        ...buildFirstCallSamples(`${baseUrl}${path}`).map(toOpenApiCodeSample),
        ...buildGeneratedClientSamples({ baseUrl, path, operationId: operation.id }).map((sample) => ({
          lang: 'typescript',
          label: sample.label,
          source: renderGeneratedClientSample(sample),
        })),
      ],
      responses: {
        '200': {
          description: `OK. The example shows the first ${EXAMPLE_PLATFORM_COUNT} platforms; the answer lists every supported platform.`,
          headers: okHeaders,
          content: {
            'application/json': { schema: componentRef(schema), example: buildBody(exampleData, baseUrl) },
          },
        },
        '304': responseRef('NotModified'),
        '429': responseRef('TooManyRequests'),
        default: responseRef('OtherError'),
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
      // Without its own samples, starlight-openapi writes some that read a body HEAD never has.
      'x-codeSamples': buildHeadSamples(`${baseUrl}${path}`).map(toOpenApiCodeSample),
      responses: {
        '200': { description: 'OK: the headers of the GET answer, and no body.', headers: okHeaders },
        '304': responseRef('NotModified'),
        '429': responseRef('TooManyRequestsHeaders'),
        default: responseRef('OtherErrorHeaders'),
      },
    },
  };
}

/** A docs sample as an OpenAPI `x-codeSamples` entry; `lang` names the language as Redocly lists it. */
function toOpenApiCodeSample(sample: CodeSample) {
  const lang = { curl: 'shell', javascript: 'javascript', python: 'python' }[sample.language];
  return { lang, label: sample.label, source: sample.code };
}
