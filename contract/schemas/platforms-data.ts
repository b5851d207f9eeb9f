import { platformSchema } from './platform.ts';

/** The shape of `data/platforms.json`: the platforms, in the order the API lists them. */
export const platformsDataSchema = {
  // Not published: it describes a file of this repository, so its id is a name, not an address.
  $id: 'urn:earshot:schema:data:platforms',
  title: 'PlatformsData',
  type: 'array',
  items: { $ref: platformSchema.$id },
} as const;
