import packageManifest from '../../../package.json' with { type: 'json' };
import type { ApiData } from '../../../contract/endpoints.ts';
import { resolveSiteLink } from '../../../contract/resource-links.ts';
import { ALLOWED_METHODS } from '../edge/api-headers.ts';
import { escapeMarkdownText } from '../text/escape-markdown.ts';

interface InfoInput {
  data: ApiData;
  baseUrl: string;
  /** The rate limit in words: `60 requests per 60 seconds per client IP address`. */
  limit: string;
  /** `info.version`, the version of the API description. */
  version: string;
}

/**
 * The document's `info`, `externalDocs` and `servers` (OpenAPI 3.1.0, sections 4.8.2 and 4.8.5):
 * who publishes the API, under which licence, where its docs are, and which deployment this is.
 */
export function describeApiInfo({ data, baseUrl, limit, version }: InfoInput) {
  const { product } = data;
  const docsUrl = resolveSiteLink(product.resources.documentation, baseUrl, 'documentation').href;
  return {
    info: {
      title: `${product.name} Discovery API`,
      version,
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
        `Any other path under \`/api/\` answers 404, and any method but ${ALLOWED_METHODS.join(', ')} answers 405, both with an Error body.`,
      ].join('\n'),
      contact: { name: `${product.name} support`, email: product.supportEmail, url: docsUrl },
      // The licence of this repository, which generates the document (package.json, an SPDX identifier).
      license: { name: packageManifest.license, identifier: packageManifest.license },
    },
    externalDocs: { description: `${product.name} developer documentation`, url: docsUrl },
    servers: [{ url: baseUrl, description: describeServer(baseUrl, product.baseUrl), 'x-internal': false }],
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
