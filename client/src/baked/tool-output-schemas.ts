/**
 * The MCP tools' output schemas, by the name of the endpoint schema each comes from: the tolerant
 * variant of it, self-contained (self-contained-schema.ts), with its descriptions, which a model
 * reads.
 *
 * Run from source (tests, the site's /mcp function), this module computes them. In the published
 * bundle, `tooling/build-cli.ts` replaces it with `dist/tool-output-schemas.mjs`, a file of its
 * own holding the same objects: the contract's wording then changes that file only, which a
 * build may take without a release of the client (CONTRACT_FILES in site/lib/cli-package/releases.ts).
 */
import { endpoints } from '../../../contract/endpoints.ts';
import { tolerantSchemas } from '../../../contract/schemas/index.ts';
import { toSelfContainedSchema } from '../mcp/self-contained-schema.ts';

type ToolSchemaName = (typeof endpoints)[number]['schema'];

export const toolOutputSchemas = Object.fromEntries(
  endpoints.map(({ schema }) => [schema, toSelfContainedSchema(tolerantSchemas[schema])]),
) as Record<ToolSchemaName, Record<string, unknown>>;
