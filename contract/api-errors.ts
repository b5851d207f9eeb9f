import type { ApiError } from './schemas/index.ts';

/**
 * The Error bodies the API answers with, in the spec's Error shape (`contract/schemas/error.ts`).
 * The `error` text is the status code's reason phrase (RFC 9110, section 15).
 * The static 404 files, the 405 and 429 functions and the OpenAPI document all take them from here.
 */
export const NOT_FOUND = { error: 'Not Found', statusCode: 404 } as const satisfies ApiError;

export const METHOD_NOT_ALLOWED = { error: 'Method Not Allowed', statusCode: 405 } as const satisfies ApiError;

export const TOO_MANY_REQUESTS = { error: 'Too Many Requests', statusCode: 429 } as const satisfies ApiError;

/** Every error body, for tests that check each against the Error schema. */
export const apiErrors = [NOT_FOUND, METHOD_NOT_ALLOWED, TOO_MANY_REQUESTS] as const;
