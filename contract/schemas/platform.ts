/**
 * Platform: one monitoring platform and the target types it supports.
 * @see ../README.md, "Shapes" → Platform
 */
export const platformSchema = {
  $id: 'https://earshot.dev/schemas/v1/platform.json',
  title: 'Platform',
  description: 'A platform available for monitoring and the target types it supports.',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'targetTypes'],
  properties: {
    id: {
      type: 'string',
      description: 'Stable platform identifier, for example `reddit`.',
      examples: ['reddit'],
    },
    name: {
      type: 'string',
      description: 'Human-readable platform name, for example `Hacker News`.',
      examples: ['Reddit'],
    },
    targetTypes: {
      type: 'array',
      description: 'What can be monitored on this platform.',
      items: { type: 'string', enum: ['keyword', 'subreddit'] },
      examples: [['keyword', 'subreddit']],
    },
  },
} as const;
