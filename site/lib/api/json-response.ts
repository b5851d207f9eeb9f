import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';

let validator: ReturnType<typeof createSchemaValidator> | undefined;

/**
 * A body serialized as JSON once it has been checked against its schema: a body that breaks the
 * public contract fails the build instead of being published.
 */
export function schemaCheckedJson(schema: { $id: string; title: string }, body: unknown): string {
  validator ??= createSchemaValidator();
  const validate = validator.getSchema(schema.$id);
  if (!validate) throw new Error(`No schema registered for ${schema.title}`);
  if (!validate(body)) {
    const details = (validate.errors ?? []).map((error) => `#${error.instancePath} ${error.message ?? ''}`).join('; ');
    throw new Error(`The ${schema.title} answer does not match its schema: ${details}`);
  }
  return JSON.stringify(body);
}

/** A JSON answer whose body has been checked against its schema first (`schemaCheckedJson`). */
export function schemaCheckedJsonResponse(schema: { $id: string; title: string }, body: unknown): Response {
  return jsonTextResponse(schemaCheckedJson(schema, body));
}

export function jsonResponse(body: unknown): Response {
  return jsonTextResponse(JSON.stringify(body));
}

/** JSON text already serialized, as `application/json; charset=utf-8`. */
export function jsonTextResponse(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
