/**
 * The shape of `data/changelog.json`: what changed in the public contract, newest entry first.
 * `npm run changes -- --record` writes each entry; the site shows them at /docs/changelog/, as
 * Markdown and as a feed. Not published as a schema: its id is a name, not an address.
 */
const isoDate = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'a date such as "2026-11-24"',
} as const;

export const changelogDataSchema = {
  $id: 'urn:earshot:schema:data:changelog',
  title: 'ChangelogData',
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'date', 'title', 'changes'],
    properties: {
      /** Unique and stable: the entry's anchor on the page and its id in the feed, `2026-11-24-v1`. */
      id: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
      /** The day it was recorded. */
      date: isoDate,
      /** One line, sentence case, no trailing period. */
      title: { type: 'string', minLength: 1 },
      /** Only for an entry with breaking changes: why, and from when clients must cope. */
      breaking: {
        type: 'object',
        additionalProperties: false,
        required: ['reason', 'effective'],
        properties: { reason: { type: 'string', minLength: 1 }, effective: isoDate },
      },
      changes: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'summary', 'where'],
          properties: {
            kind: { type: 'string', enum: ['added', 'changed', 'breaking'] },
            /** What clients see, for example `adds the platform "mastodon" (Mastodon)`. */
            summary: { type: 'string', minLength: 1 },
            /** The public addresses that show it: `/api/v1/platforms`. */
            where: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;
