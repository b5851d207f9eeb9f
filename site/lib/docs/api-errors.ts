/**
 * The error table of `/docs/rate-limits/`: one row per request and the answer it gets, status and
 * body. The page renders these rows, and tests/e2e/api-errors.spec.ts sends each row's request to
 * the local server (the rows over the limit after a burst that reaches it), so a row the server
 * contradicts fails.
 */
import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../../contract/api-errors.ts';
import type { ApiError } from '../../../contract/schemas/index.ts';

/** What a row's answer carries: the Error as JSON, or no body at all (HEAD). */
type ApiErrorBody = ApiError | 'none';

export interface ApiErrorRow {
  method: string;
  path: string;
  /** Sent once the path's rate limit is reached. */
  overLimit: boolean;
  status: number;
  body: ApiErrorBody;
}

const platforms = '/api/v1/platforms';
const missing = '/api/v2/platforms';

export const apiErrorRows: readonly ApiErrorRow[] = [
  { method: 'GET', path: missing, overLimit: false, status: 404, body: NOT_FOUND },
  { method: 'HEAD', path: missing, overLimit: false, status: 404, body: 'none' },
  { method: 'POST', path: platforms, overLimit: false, status: 405, body: METHOD_NOT_ALLOWED },
  { method: 'GET', path: platforms, overLimit: true, status: 429, body: TOO_MANY_REQUESTS },
  { method: 'HEAD', path: platforms, overLimit: true, status: 429, body: 'none' },
];

/** The request cell: "`GET /api/v1/platforms`, over the limit". */
export function describeApiErrorRequest(row: ApiErrorRow): string {
  return `\`${row.method} ${row.path}\`${row.overLimit ? ', over the limit' : ''}`;
}

/** The body cell. */
export function describeApiErrorBody(row: ApiErrorRow): string {
  if (row.body === 'none') return 'None.';
  return `\`${JSON.stringify(row.body)}\``;
}
