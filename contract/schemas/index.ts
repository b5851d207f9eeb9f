/**
 * Every JSON Schema of the project. These are the only definition of each shape: the build-time
 * validator, the OpenAPI document, the TypeScript types and the command-line client's response
 * checks all derive from them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { capabilitiesResponseSchema } from './capabilities-response.ts';
import { agentSkillsIndexSchema } from './agent-skills-index.ts';
import { changelogDataSchema } from './changelog-data.ts';
import { errorSchema } from './error.ts';
import { mcpConfigurationSchema } from './mcp-configuration.ts';
import { mcpServerCardSchema } from './mcp-server-card.ts';
import { platformSchema } from './platform.ts';
import { platformsDataSchema } from './platforms-data.ts';
import { platformsResponseSchema } from './platforms-response.ts';
import { productDataSchema } from './product-data.ts';
import { releaseManifestSchema } from './release-manifest.ts';
import { toTolerantSchema } from './tolerant.ts';

export {
  agentSkillsIndexSchema,
  capabilitiesResponseSchema,
  changelogDataSchema,
  errorSchema,
  mcpConfigurationSchema,
  mcpServerCardSchema,
  platformsDataSchema,
  platformsResponseSchema,
  productDataSchema,
};

/** The public API's shapes, keyed by the component name the OpenAPI document gives them. */
export const apiSchemas = {
  Platform: platformSchema,
  PlatformsResponse: platformsResponseSchema,
  CapabilitiesResponse: capabilitiesResponseSchema,
  Error: errorSchema,
} as const;

export type ApiSchemaName = keyof typeof apiSchemas;

export { toTolerantSchema };

/**
 * The schemas a client reads answers with, tolerant (`tolerant.ts`): every API schema, by the same
 * name as in `apiSchemas`, and the MCP configuration that `resources.mcp` links to.
 */
export const tolerantSchemas = Object.fromEntries(
  Object.entries({ ...apiSchemas, McpConfiguration: mcpConfigurationSchema }).map(([name, schema]) => [
    name,
    toTolerantSchema(schema),
  ]),
) as Record<TolerantSchemaName, Record<string, unknown> & { $id: string }>;

export type TolerantSchemaName = ApiSchemaName | 'McpConfiguration';

/** Every schema, API, site files and data files alike, for registering with a validator. */
export const allSchemas = [
  ...Object.values(apiSchemas),
  mcpConfigurationSchema,
  // The discovery files agents look for first (site/lib/discovery/): published, not API answers.
  mcpServerCardSchema,
  agentSkillsIndexSchema,
  productDataSchema,
  platformsDataSchema,
  releaseManifestSchema,
];

/**
 * The tolerant variants the client reads answers with (`tolerant.ts`), under ids of their own, so
 * that one validator can hold both readings.
 */
export const allTolerantSchemas = Object.values(tolerantSchemas);

type References = [typeof platformSchema, typeof capabilitiesResponseSchema];

export type Platform = FromSchema<typeof platformSchema>;
export type PlatformsResponse = FromSchema<typeof platformsResponseSchema, { references: References }>;
export type CapabilitiesResponse = FromSchema<typeof capabilitiesResponseSchema, { references: References }>;
export type ApiError = FromSchema<typeof errorSchema>;
/**
 * The type of each API schema, by its name in `apiSchemas`: what an endpoint's builder returns
 * (contract/endpoints.ts accepts only a schema named here).
 */
export interface ApiSchemaTypes {
  Platform: Platform;
  PlatformsResponse: PlatformsResponse;
  CapabilitiesResponse: CapabilitiesResponse;
  Error: ApiError;
}
export type McpConfiguration = FromSchema<typeof mcpConfigurationSchema>;
export type McpServerCard = FromSchema<typeof mcpServerCardSchema>;
export type AgentSkillsIndex = FromSchema<typeof agentSkillsIndexSchema>;
export type ProductData = FromSchema<typeof productDataSchema, { references: References }>;
export type PlatformsData = FromSchema<typeof platformsDataSchema, { references: References }>;
export type ChangelogData = FromSchema<typeof changelogDataSchema>;
export type ChangelogEntry = ChangelogData[number];
export type ResourceName = keyof CapabilitiesResponse['data']['resources'];

export { releaseManifestSchema };
export type ReleaseManifest = FromSchema<typeof releaseManifestSchema>;
export type ReleaseRecord = ReleaseManifest['releases'][number];
