import { tolerantSchemas } from '../../../contract/schemas/index.ts';

/**
 * The response validators the client needs, by the name it imports them under and the `$id` of
 * their schema: the tolerant variants, since a client must accept what a compatible server may
 * add (the rule is in `contract/schemas/tolerant.ts`). `tooling/build-cli.ts` turns exactly
 * these into standalone code.
 */
export const responseValidatorIds = {
  validatePlatformsResponse: tolerantSchemas.PlatformsResponse.$id as string,
  validateCapabilitiesResponse: tolerantSchemas.CapabilitiesResponse.$id as string,
  validateError: tolerantSchemas.Error.$id as string,
  validateMcpConfiguration: tolerantSchemas.McpConfiguration.$id as string,
} as const;

export type ResponseValidatorName = keyof typeof responseValidatorIds;
