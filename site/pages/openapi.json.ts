import type { APIRoute } from 'astro';
import { jsonResponse } from '../lib/api/json-response.ts';
import { buildOpenApiDocument } from '../lib/openapi/build-openapi-document.ts';
import { loadSiteContext } from '../lib/site-context.ts';

/** `GET /openapi.json`: the OpenAPI 3.1.0 description, generated from the schemas and data. */
export const GET: APIRoute = () => jsonResponse(buildOpenApiDocument(loadSiteContext()));
