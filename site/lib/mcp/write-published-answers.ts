import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildCapabilitiesResponse, buildPlatformsResponse } from '../api/build-responses.ts';
import { readCliPackageVersion } from '../cli-package/cli-tarball.ts';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';
import type { SiteContext } from '../site-context.ts';
import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';
import { apiSchemas } from '../../../contract/schemas/index.ts';
import type { PublishedAnswers } from './published-answers.ts';

/** Generated, not committed (build/ is ignored), like the client tarball next to it. */
export const PUBLISHED_ANSWERS_FILE = resolve('build/mcp/published-answers.json');

let validator: ReturnType<typeof createSchemaValidator> | undefined;

/**
 * The answers, from the same builders and the same serialization (`JSON.stringify` of the body)
 * as the endpoint files in site/pages/, and checked against the same schemas.
 */
export function buildPublishedAnswers(context: SiteContext): PublishedAnswers {
  const { data, baseUrl } = context;
  validator ??= createSchemaValidator();
  const checked = (name: 'PlatformsResponse' | 'CapabilitiesResponse', body: unknown) => {
    const validate = validator!.getSchema(apiSchemas[name].$id)!;
    if (!validate(body))
      throw new Error(
        `The ${name} answer for the MCP endpoint does not match its schema: ${JSON.stringify(validate.errors)}`,
      );
    return JSON.stringify(body);
  };
  return {
    baseUrl,
    serverVersion: readCliPackageVersion(),
    platforms: checked('PlatformsResponse', buildPlatformsResponse(data)),
    capabilities: checked('CapabilitiesResponse', buildCapabilitiesResponse(data, baseUrl)),
    openapi: JSON.stringify(buildOpenApiDocument(context)),
  };
}

/** Writes the file in one step (a rename), so that a function bundler never reads half of it. */
export function writePublishedAnswers(answers: PublishedAnswers, file = PUBLISHED_ANSWERS_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(answers, null, 2)}\n`);
  renameSync(partial, file);
}
