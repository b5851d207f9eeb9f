import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';

let validator: ReturnType<typeof createSchemaValidator> | undefined;

/**
 * A JSON answer whose body has been checked against its schema first: a body that breaks the
 * public contract fails the build instead of being published.
 */
export function schemaCheckedJsonResponse(schema: { $id: string; title: string }, body: unknown): Response {
  validator ??= createSchemaValidator();
  const validate = validator.getSchema(schema.$id);
  if (!validate) throw new Error(`No schema registered for ${schema.title}`);
  if (!validate(body)) {
    const details = (validate.errors ?? []).map((error) => `#${error.instancePath} ${error.message ?? ''}`).join('; ');
    throw new Error(`The ${schema.title} answer does not match its schema: ${details}`);
  }
  return jsonResponse(body);
}

export function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
