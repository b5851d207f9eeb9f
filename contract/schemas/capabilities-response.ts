import { platformSchema } from './platform.ts';

/**
 * CapabilitiesResponse: the body of `GET /api/v1/capabilities`.
 * @see ../README.md, "Shapes" → CapabilitiesResponse
 */
export const capabilitiesResponseSchema = {
  $id: 'https://earshot.dev/schemas/v1/capabilities-response.json',
  title: 'CapabilitiesResponse',
  description: 'The public product capabilities and links to integration resources.',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      description: 'The capabilities object.',
      additionalProperties: false,
      required: ['product', 'description', 'platforms', 'resources'],
      properties: {
        product: {
          // The type as well as the constant: code generators type a bare `const` as any.
          type: 'string',
          const: 'Earshot',
          description: "Always the product's own name.",
        },
        description: {
          type: 'string',
          description: 'Free text describing the product.',
        },
        platforms: {
          type: 'array',
          description: 'Supported platforms, the same shape as in PlatformsResponse.',
          items: { $ref: platformSchema.$id },
        },
        resources: {
          type: 'object',
          description: 'Links to integration resources.',
          additionalProperties: false,
          required: ['documentation', 'authentication', 'webhooks', 'openapi', 'mcp', 'cli'],
          properties: {
            documentation: {
              type: 'string',
              format: 'uri',
              description: 'The developer documentation.',
            },
            authentication: {
              type: 'string',
              format: 'uri',
              description: 'The authentication documentation.',
            },
            webhooks: {
              type: 'string',
              format: 'uri',
              description: 'The webhooks documentation.',
            },
            openapi: {
              type: 'string',
              format: 'uri',
              description: 'The machine-readable API description (OpenAPI 3.1).',
            },
            mcp: { type: 'string', format: 'uri', description: 'The MCP configuration.' },
            cli: { type: 'string', format: 'uri', description: 'The command-line client.' },
          },
        },
      },
    },
  },
} as const;
