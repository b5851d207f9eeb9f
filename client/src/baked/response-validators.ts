/**
 * The compiled JSON Schema validators for the API's answers.
 *
 * Run from source (tests, `node client/src/main.ts`), this module compiles the schemas with ajv.
 * In the published bundle, `tooling/build-cli.ts` replaces it with ajv's standalone code,
 * generated from the same schemas with the same options, so the installed client carries no ajv.
 */
import type { ErrorObject } from 'ajv';
import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';
import { responseValidatorIds, type ResponseValidatorName } from './validator-names.ts';

export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const ajv = createSchemaValidator();

export const responseValidators = Object.fromEntries(
  Object.entries(responseValidatorIds).map(([name, id]) => [name, ajv.getSchema(id) as SchemaValidator]),
) as Record<ResponseValidatorName, SchemaValidator>;
