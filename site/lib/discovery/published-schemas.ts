import { allSchemas, allTolerantSchemas } from '../../../contract/schemas/index.ts';

/**
 * The JSON Schemas published at their `$id`: every schema of `contract/schemas/` whose id is an
 * address under `/schemas/v1/` (the public shapes: the API's, the MCP configuration's and the release manifest's). The
 * data-file schemas are named by URNs and stay private.
 */
const PUBLISHED_SCHEMA_FOLDER = '/schemas/v1/';
/** Where the tolerant readings of the same schemas live (contract/schemas/tolerant.ts). */
const TOLERANT_SCHEMA_FOLDER = '/schemas/tolerant/v1/';

/** The JSON Schema media type (JSON Schema 2020-12 Core, section 14.2). */
export const SCHEMA_CONTENT_TYPE = 'application/schema+json';

/** The dialect of every schema of the project, stated in each published copy. */
const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export interface PublishedSchema {
  /** The site path, for example `/schemas/v1/platform.json`. */
  path: string;
  /** The file name without `.json`, for example `platform`. */
  name: string;
  /** Where this build publishes it: its `$id`. */
  url: string;
  title: string;
  /** The schema as published: `$schema` first, every id and reference on `baseUrl`. */
  schema: Record<string, unknown>;
}

const inFolder = (folder: string) => (schema: { $id: string }) =>
  URL.canParse(schema.$id) && new URL(schema.$id).pathname.startsWith(folder);

/**
 * Every published schema as the build at `baseUrl` serves it. The source ids name production
 * (`https://earshot.dev/schemas/v1/…`); a deploy preview's copies name the preview instead, in
 * `$id` and in every `$ref`, so that following a reference from a preview's schema stays on the
 * preview.
 */
export function publishedSchemas(baseUrl: string): PublishedSchema[] {
  return publishFolder(allSchemas.filter(inFolder(PUBLISHED_SCHEMA_FOLDER)), PUBLISHED_SCHEMA_FOLDER, baseUrl);
}

/**
 * The tolerant readings the client checks answers against (`/schemas/tolerant/v1/…`), published
 * at their `$id`s too, so that every id that is an address on the site answers. They are what a
 * v1 client may assume (the versioning page), not what the API promises to send.
 */
export function publishedTolerantSchemas(baseUrl: string): PublishedSchema[] {
  return publishFolder(
    (allTolerantSchemas as { $id: string; title: string }[]).filter(inFolder(TOLERANT_SCHEMA_FOLDER)),
    TOLERANT_SCHEMA_FOLDER,
    baseUrl,
  );
}

function publishFolder(
  sourceSchemas: readonly { $id: string; title: string }[],
  folder: string,
  baseUrl: string,
): PublishedSchema[] {
  const moved = new Map(
    sourceSchemas.map((schema) => [schema.$id, new URL(new URL(schema.$id).pathname, `${baseUrl}/`).href]),
  );
  return sourceSchemas.map((schema) => {
    const path = new URL(schema.$id).pathname;
    const name = path.startsWith(folder) ? /^([a-z0-9-]+)\.json$/.exec(path.slice(folder.length))?.[1] : undefined;
    if (!name)
      throw new Error(
        `${schema.title}: a published schema's $id must end in ${folder}<kebab-case name>.json (got ${schema.$id})`,
      );
    return {
      path,
      name,
      url: moved.get(schema.$id)!,
      title: schema.title,
      schema: { $schema: SCHEMA_DIALECT, ...(moveIds(schema, moved) as Record<string, unknown>) },
    };
  });
}

function moveIds(value: unknown, moved: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => moveIds(item, moved));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      (key === '$id' || key === '$ref') && typeof child === 'string'
        ? (moved.get(child) ?? child)
        : moveIds(child, moved),
    ]),
  );
}
