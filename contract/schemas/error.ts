/**
 * Error: the body of every error answer, for example HTTP 429 when the rate limit is exceeded.
 * @see ../README.md, "Shapes" → Error, and "Errors"
 */
export const errorSchema = {
  $id: 'https://earshot.dev/schemas/v1/error.json',
  title: 'Error',
  description: 'An error answer.',
  type: 'object',
  additionalProperties: false,
  required: ['error', 'statusCode'],
  properties: {
    error: {
      type: 'string',
      description: 'What went wrong, for example `Too Many Requests`.',
      examples: ['Too Many Requests'],
    },
    statusCode: {
      type: 'integer',
      description: 'The HTTP status code of the answer, repeated in the body.',
      examples: [429],
    },
  },
} as const;
