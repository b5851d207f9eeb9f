/**
 * The shape of `data/changelog.json`: what changed in the public contract, newest entry first.
 * `npm run changes -- --record` writes each entry; the site shows them at /docs/changelog/, as
 * Markdown and as a feed. Not published as a schema: its id is a name, not an address.
 */
import { oneLineTextSchema } from '../one-line-text.ts';
import { CHANGELOG_PATH_PATTERN } from '../site-path.ts';

/** The longest title, reason and summary an entry may have: a line of /llms.txt, a feed title. */
export const MAX_TITLE_LENGTH = 200;
const MAX_REASON_LENGTH = 1000;
const MAX_SUMMARY_LENGTH = 500;

/** The longest `where`: a site path. */
const MAX_WHERE_LENGTH = 200;

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
      title: oneLineTextSchema(MAX_TITLE_LENGTH),
      /**
       * Only for an entry that publishes breaking changes: why, from when clients must cope, and
       * how it was announced: the id of the announcement entry, or `emergency` when it was
       * published without the notice period. Entries recorded before announcements existed have neither.
       */
      breaking: {
        type: 'object',
        additionalProperties: false,
        required: ['reason', 'effective'],
        properties: {
          reason: oneLineTextSchema(MAX_REASON_LENGTH),
          effective: isoDate,
          announced: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
          emergency: { const: true },
        },
      },
      /**
       * Only for an entry that announces breaking changes (`npm run changes -- --announce`): why,
       * and the first day they may be published. Its `changes` are the announced ones; the entry
       * that publishes them names this one in `breaking.announced`.
       */
      announcement: {
        type: 'object',
        additionalProperties: false,
        required: ['reason', 'effective'],
        properties: { reason: oneLineTextSchema(MAX_REASON_LENGTH), effective: isoDate },
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
            summary: oneLineTextSchema(MAX_SUMMARY_LENGTH),
            /** The public addresses that show it: `/api/v1/platforms`. */
            where: {
              type: 'array',
              items: {
                type: 'string',
                maxLength: MAX_WHERE_LENGTH,
                pattern: CHANGELOG_PATH_PATTERN,
                description:
                  'a site path of letters, digits and "_", ".", "/", "-", "{", "}", such as "/api/v1/platforms"',
              },
            },
          },
        },
      },
    },
  },
} as const;
