import type { ApiSchemaName } from '../../schemas/index.ts';
import { apiSchemas } from '../../schemas/index.ts';
import { createSchemaValidator } from '../validation/create-schema-validator.ts';

let validator: ReturnType<typeof createSchemaValidator> | undefined;

/**
 * A JSON answer whose body has been checked against its schema first: a body that breaks the
 * public contract fails the build instead of being published.
 */
export function schemaCheckedJsonResponse(schemaName: ApiSchemaName, body: unknown): Response {
  validator ??= createSchemaValidator();
  const validate = validator.getSchema(apiSchemas[schemaName].$id);
  if (!validate) throw new Error(`No schema registered for ${schemaName}`);
  if (!validate(body)) {
    const details = (validate.errors ?? []).map((error) => `#${error.instancePath} ${error.message ?? ''}`).join('; ');
    throw new Error(`The ${schemaName} answer does not match its schema: ${details}`);
  }
  return jsonResponse(body);
}

export function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
