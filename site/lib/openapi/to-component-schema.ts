import { apiSchemas, type ApiSchemaName } from '../../../contract/schemas/index.ts';

const componentNameById = new Map<string, ApiSchemaName>(
  Object.entries(apiSchemas).map(([name, schema]) => [schema.$id, name as ApiSchemaName]),
);

/** A `$ref` to a component schema (OpenAPI 3.1, section 4.8.7.1 Components Object). */
export function componentRef(name: ApiSchemaName): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * One of our JSON Schemas as an OpenAPI 3.1 Schema Object: the `$id` is dropped (the component
 * name identifies it) and every `$ref` to another of our schemas points at its component.
 */
export function toComponentSchema(schema: object): object {
  return transform(schema) as object;
}

function transform(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(transform);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).flatMap(([key, child]): [string, unknown][] => {
    if (key === '$id') return [];
    if (key === '$ref' && typeof child === 'string') {
      const name = componentNameById.get(child);
      if (!name) throw new Error(`$ref to a schema that is not an API component: ${child}`);
      return [[key, componentRef(name).$ref]];
    }
    return [[key, transform(child)]];
  });
  return Object.fromEntries(entries);
}
