import type { APIRoute } from 'astro';
import { NOT_FOUND } from '../../../../contract/api-errors.ts';
import { schemaCheckedJsonResponse } from '../../../lib/api/json-response.ts';
import { apiSchemas } from '../../../../contract/schemas/index.ts';

/** The body of every unknown path under `/api/`, served with status 404 by a rule in `netlify.toml` (`not-found.json` is its copy for this path itself). */
export const GET: APIRoute = () => schemaCheckedJsonResponse(apiSchemas.Error, NOT_FOUND);
