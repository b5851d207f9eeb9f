/**
 * The tolerant reading of the API's schemas: what a v1 client checks an answer against.
 *
 * The strict schemas describe what the site publishes, and the build holds our own data to them.
 * A client must not hold the server to them as tightly, or every addition to the API would break
 * every client already installed. The rule, "what a v1 client may assume", is written once for
 * readers in the versioning docs (site/content/docs/docs/versioning.mdx); this is the same rule as
 * code, applied to every schema rather than copied by hand:
 *
 * - a property the schema does not name may appear anywhere (`additionalProperties: false` is
 *   dropped), so new fields and new resource links are accepted;
 * - a closed list of string values becomes any string (`enum` → `type: "string"`), so a new target
 *   type is accepted (the known values stay, as `examples`); a `const` keeps only its type;
 * - everything else stays: required properties, types, formats, lengths. A missing field or a
 *   value of the wrong type still breaks the contract.
 *
 * @see https://martinfowler.com/bliki/TolerantReader.html
 */

/** `https://earshot.dev/schemas/v1/platform.json` → `https://earshot.dev/schemas/tolerant/v1/platform.json` */
function toTolerantId(id: string): string {
  const tolerant = id.replace('/schemas/', '/schemas/tolerant/');
  if (tolerant === id) throw new Error(`toTolerantId: not one of our schema ids: ${id}`);
  return tolerant;
}

/** The tolerant variant of one schema, with its `$id` and every `$ref` moved to the tolerant ids. */
export function toTolerantSchema<T extends object>(schema: T): Record<string, unknown> {
  return loosen(schema) as Record<string, unknown>;
}

function loosen(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(loosen);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'additionalProperties' && child === false) continue;
    if (key === 'enum' && Array.isArray(child)) {
      const types = [...new Set(child.map(jsonType))];
      if (types.length !== 1)
        throw new Error(`toTolerantSchema: an enum of mixed types (${types.join(', ')}) has no single type to keep`);
      result.type = types[0];
      // The values known today stay visible to readers (an MCP tool's outputSchema, say), as examples.
      if (!('examples' in value)) result.examples = child;
      continue;
    }
    if (key === 'const') {
      result.type = jsonType(child);
      continue;
    }
    result[key] =
      (key === '$id' || key === '$ref') && typeof child === 'string'
        ? toTolerantId(child)
        : key === 'examples'
          ? child
          : loosen(child);
  }
  return result;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
