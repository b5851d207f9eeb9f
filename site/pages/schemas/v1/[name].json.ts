import type { APIRoute, GetStaticPaths } from 'astro';
import { publishedSchemas, SCHEMA_CONTENT_TYPE } from '../../../lib/discovery/published-schemas.ts';
import { loadSiteContext } from '../../../lib/site-context.ts';

/**
 * `GET /schemas/v1/<name>.json`: each public JSON Schema at its own `$id`, from `contract/schemas/`.
 * The CDN needs the `[[headers]]` rule for `/schemas/*` in netlify.toml for this Content-Type.
 */
export const getStaticPaths = (() =>
  publishedSchemas(loadSiteContext().baseUrl).map(({ name, schema }) => ({
    params: { name },
    props: { schema },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ schema: Record<string, unknown> }> = ({ props }) =>
  new Response(`${JSON.stringify(props.schema, null, 2)}\n`, { headers: { 'Content-Type': SCHEMA_CONTENT_TYPE } });
