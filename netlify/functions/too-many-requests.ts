/**
 * `/.netlify/functions/too-many-requests`: where the rate-limit rules of `netlify.toml` rewrite a
 * request over the limit (see the comment there for why a function rather than a static file).
 */
import { buildTooManyRequestsResponse } from '../../src/lib/edge/too-many-requests.ts';

/**
 * The rate limit's `window_size` from `netlify.toml`: a client over the limit may retry after at
 * most one window. A deployed function cannot read `netlify.toml`, so the number is repeated here;
 * `tests/unit/too-many-requests.test.ts` fails when the two differ.
 */
export const RETRY_AFTER_SECONDS = 60;

export default (): Response => buildTooManyRequestsResponse(RETRY_AFTER_SECONDS);
