/**
 * Compares the public JSON Schemas with the published ones and finds what a v1 client would feel:
 * a field removed, retyped or no longer required, a list of values narrowed, a schema gone. Those
 * are refused (a new version under a new prefix, contract/README.md, "Versioning"); new optional
 * or required fields are additions, which v1 clients must tolerate. A new enum value is breaking:
 * a tolerant reader accepts it, but a client generated from the document's closed enum (Python's
 * openapi-python-client raises `ValueError` on the whole answer) does not, so it is announced
 * with a reason and the date it takes effect.
 */
import { isDeepStrictEqual } from 'node:util';
import { escapePointerToken } from '../../contract/data-problem.ts';
import type { ContractChange } from './contract-change.ts';
import { quote } from './contract-change.ts';

type Schema = Record<string, unknown>;

export function compareSchemaShapes(
  published: Record<string, unknown>,
  current: Record<string, unknown>,
): ContractChange[] {
  const changes: ContractChange[] = [];
  for (const [name, before] of Object.entries(published)) {
    const after = current[name];
    const file = schemaFile(before, name);
    if (after === undefined) {
      changes.push({ kind: 'refused', file, pointer: '', summary: `removes the schema ${name}`, where: [file] });
      continue;
    }
    compareNode(asSchema(before), asSchema(after), { name, file, pointer: '', changes });
  }
  for (const [name, after] of Object.entries(current)) {
    if (name in published) continue;
    const file = schemaFile(after, name);
    changes.push({ kind: 'added', file, pointer: '', summary: `adds the schema ${name}`, where: [file] });
  }
  return changes;
}

interface Walk {
  name: string;
  file: string;
  pointer: string;
  changes: ContractChange[];
}

function compareNode(before: Schema, after: Schema, walk: Walk): void {
  const { name, file, pointer, changes } = walk;
  const at = pointer === '' ? name : `${name} ${pointer}`;
  const push = (kind: ContractChange['kind'], summary: string, where = pointer) =>
    changes.push({ kind, file, pointer: where, summary, where: [file] });

  const typeBefore = describeType(before);
  const typeAfter = describeType(after);
  if (typeBefore !== typeAfter) {
    push('refused', `retypes ${at} from ${typeBefore} to ${typeAfter}`);
    return;
  }
  const enumBefore = Array.isArray(before.enum) ? before.enum : undefined;
  const enumAfter = Array.isArray(after.enum) ? after.enum : undefined;
  if (enumBefore) {
    const removed = enumBefore.filter((value) => !enumAfter?.some((other) => isDeepStrictEqual(other, value)));
    if (!enumAfter) push('refused', `no longer lists the values of ${at}`, `${pointer}/enum`);
    else if (removed.length > 0)
      push(
        'refused',
        `narrows ${at}: drops ${removed.map((value) => JSON.stringify(value)).join(', ')}`,
        `${pointer}/enum`,
      );
  }
  if (enumAfter) {
    const added = enumAfter.filter((value) => !enumBefore?.some((other) => isDeepStrictEqual(other, value)));
    if (enumBefore && added.length > 0)
      push(
        'breaking',
        `widens ${at}: adds ${added.map((value) => JSON.stringify(value)).join(', ')}; clients generated from /openapi.json that check values against the list fail on it`,
        `${pointer}/enum`,
      );
  }

  const propertiesBefore = asRecord(before.properties);
  const propertiesAfter = asRecord(after.properties);
  const requiredBefore = asStrings(before.required);
  const requiredAfter = asStrings(after.required);
  for (const [key, schema] of Object.entries(propertiesBefore)) {
    const child = `${pointer}/properties/${escapePointerToken(key)}`;
    if (!(key in propertiesAfter)) {
      push('refused', `removes the field ${quote(key)} from ${at}`, child);
      continue;
    }
    if (requiredBefore.includes(key) && !requiredAfter.includes(key))
      push('refused', `makes the field ${quote(key)} of ${at} optional`, `${pointer}/required`);
    compareNode(asSchema(schema), asSchema(propertiesAfter[key]), { ...walk, pointer: child });
  }
  for (const key of Object.keys(propertiesAfter)) {
    if (key in propertiesBefore) continue;
    const required = requiredAfter.includes(key) ? 'required' : 'optional';
    push(
      'added',
      `adds the ${required} field ${quote(key)} to ${at}`,
      `${pointer}/properties/${escapePointerToken(key)}`,
    );
  }
  if (before.items !== undefined && after.items !== undefined)
    compareNode(asSchema(before.items), asSchema(after.items), { ...walk, pointer: `${pointer}/items` });
}

/** `string`, `array`, `"Earshot"` (a constant), `$ref platform.json`: what a reader relies on. */
function describeType(schema: Schema): string {
  if (typeof schema.$ref === 'string') return `a reference to ${schema.$ref}`;
  const types = Array.isArray(schema.type)
    ? [...(schema.type as string[])].sort().join(' or ')
    : String(schema.type ?? 'anything');
  return 'const' in schema ? `the constant ${JSON.stringify(schema.const)}` : types;
}

function schemaFile(schema: unknown, name: string): string {
  const id = asSchema(schema).$id;
  return typeof id === 'string' ? new URL(id).pathname : `schema ${name}`;
}

const asSchema = (value: unknown): Schema => (typeof value === 'object' && value !== null ? (value as Schema) : {});
const asRecord = (value: unknown): Record<string, unknown> => asSchema(value);
const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
