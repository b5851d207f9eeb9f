import { endpoints, type OperationId, type ResponseBody } from '../../../contract/endpoints.ts';
import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import { compareDataProblems, formatDataProblem } from '../../../contract/data-problem.ts';
import { describeSchemaError } from '../../../contract/describe-schema-error.ts';
import { responseValidators, type SchemaValidator } from '../baked/response-validators.ts';
import type { ResponseCheck } from './request-json.ts';

/**
 * A check by the tolerant variant of one of the project's JSON Schemas (see
 * `validator-names.ts`): what a compatible server may add passes, what breaks the contract does
 * not. Problems read like the build's data problems:
 * `/api/v1/platforms#/data/0: must have the property "name"`.
 */
function schemaCheck<T>(what: string, validate: SchemaValidator): ResponseCheck<T> {
  return {
    what,
    check(value, source) {
      if (validate(value)) return { ok: true, value: value as T };
      const problems = (validate.errors ?? [])
        .map((error) => describeSchemaError(source, error))
        .sort(compareDataProblems);
      return { ok: false, problems: problems.map(formatDataProblem) };
    },
  };
}

const endpointChecks = new Map<OperationId, ResponseCheck<unknown>>(
  endpoints.map(({ operation, schema }) => [operation.id, schemaCheck(schema, responseValidators[schema])]),
);

/** The check of an endpoint's answer: the tolerant variant of the schema the registry gives it. */
export function endpointResponseCheck<Id extends OperationId>(operationId: Id): ResponseCheck<ResponseBody<Id>> {
  return endpointChecks.get(operationId) as ResponseCheck<ResponseBody<Id>>;
}

/** The parts of an OpenAPI document the client reads; the rest is passed through untouched. */
export interface OpenApiDocument {
  openapi: string;
  info: { title?: unknown; version?: unknown };
  paths?: Record<string, Record<string, { operationId?: unknown; summary?: unknown } | unknown>>;
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The client does not carry an OpenAPI validator (the site's tests validate the document fully);
 * it checks what tells an OpenAPI 3.1 document apart from any other JSON.
 * @see https://spec.openapis.org/oas/v3.1.0#openapi-object
 */
export const openApiDocumentCheck: ResponseCheck<OpenApiDocument> = {
  what: 'OpenAPI 3.1 document',
  check(value, source) {
    if (!isObject(value)) return { ok: false, problems: [`${source}#: must be an object`] };
    const problems: string[] = [];
    if (typeof value.openapi !== 'string' || !/^3\.1\.\d+$/.test(value.openapi)) {
      problems.push(
        `${source}#/openapi: must be an OpenAPI version 3.1.x (got ${JSON.stringify(value.openapi) ?? 'nothing'})`,
      );
    }
    if (!isObject(value.info)) problems.push(`${source}#/info: must be an object`);
    if (value.paths !== undefined && !isObject(value.paths)) problems.push(`${source}#/paths: must be an object`);
    return problems.length === 0 ? { ok: true, value: value as OpenApiDocument } : { ok: false, problems };
  },
};

export const mcpConfigurationCheck = schemaCheck<McpConfiguration>(
  'McpConfiguration',
  responseValidators.McpConfiguration,
);
