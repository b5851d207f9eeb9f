import type { ApiError } from '../../shared/schemas/index.ts';

/**
 * The Error bodies the API answers with, in the spec's Error shape (`src/shared/schemas/error.ts`).
 * The `error` text is the status code's reason phrase (RFC 9110, section 15).
 * The static 404 file, the 429 function and the OpenAPI document all take them from here.
 */
export const NOT_FOUND = { error: 'Not Found', statusCode: 404 } as const satisfies ApiError;

export const TOO_MANY_REQUESTS = { error: 'Too Many Requests', statusCode: 429 } as const satisfies ApiError;

/** Every error body, for tests that check each against the Error schema. */
export const apiErrors = [NOT_FOUND, TOO_MANY_REQUESTS] as const;
