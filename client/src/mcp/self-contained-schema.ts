import { allSchemas, allTolerantSchemas } from '../../../contract/schemas/index.ts';

const schemaById = new Map<string, object>(
  [...allSchemas, ...allTolerantSchemas].map((schema) => [schema.$id, schema]),
);

/**
 * One of our JSON Schemas as a single self-contained object, for an MCP tool's `outputSchema`:
 * every `$ref` to another of our schemas is replaced by that schema's body, and `$id`s are
 * dropped. MCP clients validate `structuredContent` against the tool's schema alone and cannot
 * resolve `https://earshot.dev/schemas/…` references; and without `$defs` the result means the
 * same in draft-07 (what the SDK's own client compiles with) and 2020-12 (ours).
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema
 */
export function toSelfContainedSchema(schema: object): Record<string, unknown> {
  return inline(schema, []) as Record<string, unknown>;
}

function inline(value: unknown, resolving: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, resolving));
  if (typeof value !== 'object' || value === null) return value;
  const { $ref, $id: _id, ...rest } = value as Record<string, unknown>;
  const body = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, inline(child, resolving)]));
  if (typeof $ref !== 'string') return body;
  const target = schemaById.get($ref);
  if (!target) throw new Error(`$ref to a schema that is not one of ours: ${$ref}`);
  // A recursive shape cannot be inlined; none of ours is, and this keeps it so.
  if (resolving.includes($ref)) throw new Error(`$ref cycle through ${$ref}`);
  const inlined = inline(target, [...resolving, $ref]);
  // Keywords beside a `$ref` apply as well as the referred schema (2020-12), which is what allOf says.
  return Object.keys(body).length === 0 ? inlined : { ...body, allOf: [inlined] };
}
