import { platformSchema } from './platform.ts';

/**
 * PlatformsResponse: the body of `GET /api/v1/platforms`.
 * @see ../README.md, "Shapes" → PlatformsResponse
 */
export const platformsResponseSchema = {
  $id: 'https://earshot.dev/schemas/v1/platforms-response.json',
  title: 'PlatformsResponse',
  description: 'The platforms available for monitoring.',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      description: 'Supported platforms.',
      items: { $ref: platformSchema.$id },
    },
  },
} as const;
