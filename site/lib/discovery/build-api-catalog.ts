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
  /** The media type the target is served with (RFC 9264, section 4.2.4.2: a hint), where one GET answers with. */
  type?: string;
  title?: string;
}

interface LinkContext {
  anchor: string;
  [relation: string]: string | TargetLink[];
}

export interface ApiCatalog {
  linkset: LinkContext[];
}

interface CatalogEndpoint {
  /** The endpoint clients call, for example `https://earshot.dev/api/v1/platforms`. */
  url: string;
  title: string;
  /** The JSON Schemas of its answers (the 200 body, the Error body). */
  schemas: { url: string; title: string }[];
}

export interface ApiCatalogInput {
  /** Where this catalog is served: the anchor of the list of APIs. */
  catalogUrl: string;
  endpoints: CatalogEndpoint[];
  openApi: { url: string; title: string; type: string };
  docsUrl: string;
  schemaType: string;
  /** The remote MCP endpoint, described by its configuration file and documented on its page. */
  mcp?: {
    endpointUrl: string;
    configurationUrl: string;
    docsUrl: string;
    title: string;
    /** Its MCP Server Card (SEP-2127), which describes the server itself. */
    serverCardUrl?: string;
  };
  /** What changed in the API and when: the changelog page and its feed, each endpoint's `version-history`. */
  changelog?: { pageUrl: string; feedUrl: string; feedType: string; title: string };
}

/**
 * RFC 9727, section 4: the catalog MUST link to the API endpoints. The first link context, the
 * catalog itself, lists each endpoint as an `item` (RFC 6573). Then each endpoint, an address
 * that answers, is the anchor of its metadata: `service-desc` (its OpenAPI document) and
 * `service-doc` (its documentation for people), RFC 8631; `describedby` (RFC 8288's registry),
 * the JSON Schemas of its answers. Every `type` is the media type the site serves that target with.
 * The remote MCP endpoint, when given, is one more item and anchor, described by `/mcp.json` (how
 * to reach it) and by its MCP Server Card (what it is) as `describedby`.
 */
export function buildApiCatalog({
  catalogUrl,
  endpoints,
  openApi,
  docsUrl,
  schemaType,
  mcp,
  changelog,
}: ApiCatalogInput): ApiCatalog {
  const json = 'application/json';
  return {
    linkset: [
      {
        anchor: catalogUrl,
        item: [
          ...endpoints.map(({ url, title }) => ({ href: url, type: json, title })),
          // JSON-RPC over POST: no media type that a GET of it would answer with.
          ...(mcp
            ? [
                {
                  href: mcp.endpointUrl,
                  title: `POST ${new URL(mcp.endpointUrl).pathname}: ${mcp.title} (Streamable HTTP)`,
                },
              ]
            : []),
        ],
      },
      ...endpoints.map(({ url, schemas }) => ({
        anchor: url,
        'service-desc': [{ href: openApi.url, type: openApi.type, title: openApi.title }],
        'service-doc': [{ href: docsUrl, type: 'text/html' }],
        describedby: schemas.map((schema) => ({ href: schema.url, type: schemaType, title: schema.title })),
        // IANA's "version-history" relation (RFC 5829): the changes to this endpoint's answers.
        ...(changelog
          ? {
              'version-history': [
                { href: changelog.pageUrl, type: 'text/html', title: changelog.title },
                { href: changelog.feedUrl, type: changelog.feedType, title: `${changelog.title} (JSON Feed)` },
              ],
            }
          : {}),
      })),
      // The MCP endpoint is a second API of the publisher: its description is the configuration
      // that tells MCP clients how to reach it (no OpenAPI document describes JSON-RPC over POST).
      ...(mcp
        ? [
            {
              anchor: mcp.endpointUrl,
              'service-desc': [{ href: mcp.configurationUrl, type: 'application/json', title: mcp.title }],
              'service-doc': [{ href: mcp.docsUrl, type: 'text/html' }],
              ...(mcp.serverCardUrl
                ? {
                    describedby: [
                      { href: mcp.serverCardUrl, type: 'application/json', title: `${mcp.title}: MCP Server Card` },
                    ],
                  }
                : {}),
            },
          ]
        : []),
    ],
  };
}
