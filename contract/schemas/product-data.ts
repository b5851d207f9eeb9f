import { SITE_PATH_PATTERN } from '../site-path.ts';
import { capabilitiesResponseSchema } from './capabilities-response.ts';

const resourceNames = capabilitiesResponseSchema.properties.data.properties.resources.required;
type ResourceName = (typeof resourceNames)[number];

/**
 * A site path such as `/docs/cli/`: resolved against the base URL at build time. Never `//host/…`
 * or `/\host/…`, which would resolve to another site (contract/site-path.ts).
 */
const sitePathSchema = {
  type: 'string',
  pattern: SITE_PATH_PATTERN,
  description: 'a site path: one "/" at the start (not "//" or "/\\"), such as "/docs/"',
} as const;

/**
 * The shape of `data/product.json`, the product facts the public API and docs are built from.
 * Resource links are stored as site paths, so that a deploy preview links to itself.
 */
export const productDataSchema = {
  // Not published (it names fields the public never sees): its id is a name, not an address.
  $id: 'urn:earshot:schema:data:product',
  title: 'ProductData',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'baseUrl', 'supportEmail', 'resources'],
  properties: {
    /** Always `Earshot`: the capabilities schema's `product` constant. */
    name: capabilitiesResponseSchema.properties.data.properties.product,
    /** Free text, shown as the capabilities `description`. */
    description: { type: 'string' },
    /** The production base URL, for example `https://earshot.dev`. */
    baseUrl: {
      type: 'string',
      pattern: '^https?://[A-Za-z0-9.-]+(:[0-9]+)?$',
      description: 'an absolute http(s) origin with no path, such as "https://earshot.dev"',
    },
    /** The public support contact, for example `support@earshot.dev`. */
    supportEmail: { type: 'string', format: 'email' },
    /** Where each integration resource lives, as a site path. */
    resources: {
      type: 'object',
      additionalProperties: false,
      required: resourceNames,
      properties: Object.fromEntries(resourceNames.map((name) => [name, sitePathSchema])) as {
        [Name in ResourceName]: typeof sitePathSchema;
      },
    },
  },
} as const;
