import type { APIRoute, GetStaticPaths } from 'astro';
import { endpoints, findEndpoint, type OperationId } from '../../../contract/endpoints.ts';
import { renderEndpointBody } from '../../lib/api/endpoint-body.ts';
import { jsonTextResponse } from '../../lib/api/json-response.ts';
import { loadSiteContext } from '../../lib/site-context.ts';

/**
 * Every endpoint of the registry (contract/endpoints.ts) as the static file `<path>.json`, for
 * example `/api/v1/platforms.json`, which the CDN serves at `/api/v1/platforms` through a rewrite.
 */
export const getStaticPaths = (() =>
  endpoints.map(({ path, operation }) => ({
    params: { endpoint: path.slice('/api/'.length) },
    props: { operationId: operation.id },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ operationId: OperationId }> = ({ props }) =>
  jsonTextResponse(renderEndpointBody(findEndpoint(props.operationId), loadSiteContext()));
