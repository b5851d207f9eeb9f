import { apiSchemas, mcpConfigurationSchema } from '../../shared/schemas/index.ts';

/**
 * The response validators the client needs, by the name it imports them under and the `$id` of
 * their schema. `src/scripts/build-cli.ts` turns exactly these into standalone code.
 */
export const responseValidatorIds = {
  validatePlatformsResponse: apiSchemas.PlatformsResponse.$id,
  validateCapabilitiesResponse: apiSchemas.CapabilitiesResponse.$id,
  validateError: apiSchemas.Error.$id,
  validateMcpConfiguration: mcpConfigurationSchema.$id,
} as const;

export type ResponseValidatorName = keyof typeof responseValidatorIds;
