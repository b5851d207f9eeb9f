import type { APIRoute, GetStaticPaths } from 'astro';
import { publishedTolerantSchemas, SCHEMA_CONTENT_TYPE } from '../../../../lib/discovery/published-schemas.ts';
import { loadSiteContext } from '../../../../lib/site-context.ts';

/**
 * `GET /schemas/tolerant/v1/<name>.json`: the tolerant reading of each public schema, what a v1
 * client checks answers against (contract/schemas/tolerant.ts), at its own `$id`.
 */
export const getStaticPaths = (() =>
  publishedTolerantSchemas(loadSiteContext().baseUrl).map(({ name, schema }) => ({
    params: { name },
    props: { schema },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ schema: Record<string, unknown> }> = ({ props }) =>
  new Response(`${JSON.stringify(props.schema, null, 2)}\n`, { headers: { 'Content-Type': SCHEMA_CONTENT_TYPE } });
