import type { APIRoute } from 'astro';
import { buildPlatformsResponse } from '../../../lib/api/build-responses.ts';
import { schemaCheckedJsonResponse } from '../../../lib/api/json-response.ts';
import { loadSiteContext } from '../../../lib/site-context.ts';
import { apiSchemas } from '../../../../contract/schemas/index.ts';

/** `GET /api/v1/platforms`, served from this file through a rewrite. */
export const GET: APIRoute = () =>
  schemaCheckedJsonResponse(apiSchemas.PlatformsResponse, buildPlatformsResponse(loadSiteContext().data));
