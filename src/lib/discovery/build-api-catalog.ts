/**
 * `/.well-known/api-catalog`: the publisher's API catalog, a linkset.
 * @see https://www.rfc-editor.org/rfc/rfc9727 (api-catalog well-known URI)
 * @see https://www.rfc-editor.org/rfc/rfc9264#section-4.2 (the JSON linkset format)
 */
export const API_CATALOG_PATH = '/.well-known/api-catalog';

/** The JSON linkset media type (RFC 9264), with the profile URI that RFC 9727 registers. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

interface TargetLink {
  href: string;
  type?: string;
  title?: string;
}

export interface ApiCatalog {
  linkset: { anchor: string; 'service-desc': TargetLink[]; 'service-doc': TargetLink[] }[];
}

export interface ApiCatalogInput {
  apiTitle: string;
  /** The API's root, for example `https://earshot.dev/api/v1`. */
  apiUrl: string;
  openApiUrl: string;
  /** For example `3.1.0`; the media type names its major and minor version. */
  openApiVersion: string;
  docsUrl: string;
  /** The remote MCP endpoint, described by its configuration file and documented on its page. */
  mcp?: { endpointUrl: string; configurationUrl: string; docsUrl: string; title: string };
}

/**
 * One link context per API, anchored at the API's root, with `service-desc` (its OpenAPI
 * document) and `service-doc` (its documentation for people), as RFC 9727 describes.
 * The anchor only names the API; every link target is a URL that answers.
 */
export function buildApiCatalog({ apiTitle, apiUrl, openApiUrl, openApiVersion, docsUrl, mcp }: ApiCatalogInput): ApiCatalog {
  // The OpenAPI Initiative's registered media type: application/vnd.oai.openapi+json;version=3.1
  const openApiType = `application/vnd.oai.openapi+json;version=${openApiVersion.split('.').slice(0, 2).join('.')}`;
  return {
    linkset: [
      {
        anchor: apiUrl,
        'service-desc': [{ href: openApiUrl, type: openApiType, title: apiTitle }],
        'service-doc': [{ href: docsUrl, type: 'text/html' }],
      },
      // The MCP endpoint is a second API of the publisher: its description is the configuration
      // that tells MCP clients how to reach it (no OpenAPI document describes JSON-RPC over POST).
      ...(mcp
        ? [
            {
              anchor: mcp.endpointUrl,
              'service-desc': [{ href: mcp.configurationUrl, type: 'application/json', title: mcp.title }],
              'service-doc': [{ href: mcp.docsUrl, type: 'text/html' }],
            },
          ]
        : []),
    ],
  };
}
