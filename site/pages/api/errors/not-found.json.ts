import type { APIRoute } from 'astro';
import { NOT_FOUND } from '../../../../contract/api-errors.ts';
import { schemaCheckedJsonResponse } from '../../../lib/api/json-response.ts';
import { apiSchemas } from '../../../../contract/schemas/index.ts';

/**
 * A second copy of the JSON 404 body, served with status 404 when `/api/errors/404.json` itself
 * is requested (a rule may not rewrite a path to itself; see `netlify.toml`).
 */
export const GET: APIRoute = () => schemaCheckedJsonResponse(apiSchemas.Error, NOT_FOUND);
