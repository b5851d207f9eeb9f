import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import handler, { RETRY_AFTER_SECONDS } from '../../netlify/functions/too-many-requests.ts';
import { apiErrors, TOO_MANY_REQUESTS } from '../../src/lib/api/api-errors.ts';
import { readNetlifyConfig, resolveHeaders } from '../../src/lib/edge/netlify-config.ts';
import { readRateLimit } from '../../src/lib/edge/rate-limit.ts';
import { createSchemaValidator } from '../../src/shared/create-schema-validator.ts';
import { errorSchema } from '../../src/shared/schemas/index.ts';

const validateError = createSchemaValidator().getSchema(errorSchema.$id)!;

describe('the too-many-requests function, where the rate limit rewrites', () => {
  it('answers 429 with the JSON Error body', async () => {
    const response = handler();
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    const body = await response.json();
    assert.deepEqual(body, { error: 'Too Many Requests', statusCode: 429 });
    assert.equal(validateError(body), true, JSON.stringify(validateError.errors));
  });

  it("sends Retry-After equal to the rate limit's window in netlify.toml", () => {
    assert.equal(RETRY_AFTER_SECONDS, readRateLimit().windowSize, 'netlify/functions/too-many-requests.ts and netlify.toml disagree');
    assert.equal(handler().headers.get('retry-after'), String(readRateLimit().windowSize));
  });

  it('carries the CORS and nosniff headers of every API answer, and is never cached', () => {
    const apiHeaders = resolveHeaders(readNetlifyConfig(), '/api/v1/platforms');
    const headers = handler().headers;
    for (const name of ['content-type', 'access-control-allow-origin', 'x-content-type-options']) {
      assert.equal(headers.get(name), apiHeaders[name], name);
    }
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.match(headers.get('access-control-expose-headers') ?? '', /\bRetry-After\b/);
    assert.equal(headers.has('set-cookie'), false);
  });
});

describe('the error bodies', () => {
  for (const body of apiErrors) {
    it(`${JSON.stringify(body)} is a valid Error`, () => assert.equal(validateError(body), true, JSON.stringify(validateError.errors)));
  }

  it('say exactly what the issue asks for: Not Found, Too Many Requests', () => {
    assert.deepEqual(apiErrors.find((body) => body.statusCode === 404), { error: 'Not Found', statusCode: 404 });
    assert.deepEqual(TOO_MANY_REQUESTS, { error: 'Too Many Requests', statusCode: 429 });
  });
});
