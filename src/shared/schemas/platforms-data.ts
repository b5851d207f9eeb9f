import { platformSchema } from './platform.ts';

/** The shape of `data/platforms.json`: the platforms, in the order the API lists them. */
export const platformsDataSchema = {
  $id: 'https://earshot.dev/schemas/data/platforms.json',
  title: 'PlatformsData',
  type: 'array',
  items: { $ref: platformSchema.$id },
} as const;
