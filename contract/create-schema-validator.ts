import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { allSchemas, allTolerantSchemas } from './schemas/index.ts';

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * An ajv instance (JSON Schema 2020-12) that knows every schema of the project by its `$id`, and
 * the tolerant variant of each API schema (`schemas/tolerant.ts`) that the client reads answers with.
 * `allErrors` so that one run reports every problem; `verbose` so that errors carry the schema
 * and data they are about, which the messages quote. `options` adds to these, for example the
 * `code` options of ajv's standalone code generation (see `tooling/build-cli.ts`). `prepare`
 * rewrites each schema before it is added (the client's bundle drops annotations).
 */
export function createSchemaValidator(
  options: Options = {},
  prepare: (schema: object) => object = (schema) => schema,
): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, ...options });
  addFormats(ajv);
  for (const schema of [...allSchemas, ...allTolerantSchemas]) ajv.addSchema(prepare(schema));
  return ajv;
}
