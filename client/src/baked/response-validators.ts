/**
 * The compiled JSON Schema validators for the API's answers, by schema name (`validator-names.ts`).
 *
 * Run from source (tests, `node client/src/main.ts`), this module compiles the schemas with ajv.
 * In the published bundle, `tooling/build-cli.ts` replaces it with ajv's standalone code,
 * generated from the same schemas with the same options, so the installed client carries no ajv.
 */
import type { ErrorObject } from 'ajv';
import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';
import { tolerantSchemas } from '../../../contract/schemas/index.ts';
import { checkedSchemaNames, type CheckedSchemaName } from './validator-names.ts';

export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const ajv = createSchemaValidator();

export const responseValidators = Object.fromEntries(
  checkedSchemaNames.map((name) => [name, ajv.getSchema(tolerantSchemas[name].$id) as SchemaValidator]),
) as Record<CheckedSchemaName, SchemaValidator>;
