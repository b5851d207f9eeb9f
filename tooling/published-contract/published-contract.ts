/**
 * The published contract: what clients and agents have been shown, recorded beside the data
 * (`data/published-contract.json`) so that the build can tell a change an editor meant from one
 * that slipped through. Every platform id ever published stays in it, withdrawn ones included, so
 * that an id is never silently dropped and never reused for another platform.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { ApiData } from '../../contract/endpoints.ts';
import { apiSchemas } from '../../contract/schemas/index.ts';

export const CONTRACT_FILE = 'published-contract.json';

interface PublishedPlatform {
  name: string;
  targetTypes: string[];
  /** Set once the platform is removed: a breaking change, recorded with its reason. */
  withdrawn?: { effective: string; reason: string };
}

interface PublishedOperation {
  operationId: string;
  /** The request elements a client must send: `header parameter X-Key`, `request body`. */
  required: string[];
  /** The 200 body's schema, as a component reference. */
  response: string;
  /**
   * The statuses its responses describe (`200`, `429`, `default`). Recorded since the operations
   * that only described errors were removed: an operation without a 2XX never answered data.
   */
  statuses?: string[];
}

export interface PublishedContract {
  /** Every id ever published, in the order they were first published. */
  platforms: Record<string, PublishedPlatform>;
  /** The capabilities' resource keys and the site path each links to. */
  resources: Record<string, string>;
  /** The product description the capabilities answer and the OpenAPI document show. */
  description: string;
  /** Each operation (`GET /api/v1/platforms`) with its id and the request elements it requires. */
  operations: Record<string, PublishedOperation>;
  /** The public JSON Schemas, by their component name, as published under /schemas/v1/. */
  schemas: Record<string, unknown>;
  /** The SHA-256 of `/openapi.json` as built for the production base URL. */
  openapi: { sha256: string };
}

interface OpenApiParameter {
  name?: string;
  in?: string;
  required?: boolean;
  $ref?: string;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean };
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

interface OpenApiLike {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { parameters?: Record<string, OpenApiParameter> };
}

/** What the current data and code would publish, in the lock's shape (no withdrawn platforms). */
export function snapshotContract(data: ApiData, openapi: object): PublishedContract {
  const document = openapi as OpenApiLike;
  const resolve = (parameter: OpenApiParameter) =>
    parameter.$ref ? (document.components?.parameters?.[parameter.$ref.split('/').pop() ?? ''] ?? {}) : parameter;
  const operations: PublishedContract['operations'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const required = [
        ...(operation.parameters ?? [])
          .map(resolve)
          .filter((parameter) => parameter.required)
          .map((parameter) => `${parameter.in} parameter ${parameter.name}`),
        ...(operation.requestBody?.required ? ['request body'] : []),
      ];
      const response = operation.responses?.['200']?.content?.['application/json']?.schema?.$ref ?? '';
      operations[`${method.toUpperCase()} ${path}`] = {
        operationId: operation.operationId ?? '',
        required,
        response,
        statuses: Object.keys(operation.responses ?? {}),
      };
    }
  }
  return {
    platforms: Object.fromEntries(
      data.platforms.map(({ id, name, targetTypes }) => [id, { name, targetTypes: [...targetTypes] }]),
    ),
    resources: { ...data.product.resources },
    description: data.product.description,
    operations,
    schemas: structuredClone(apiSchemas) as Record<string, unknown>,
    openapi: { sha256: createHash('sha256').update(JSON.stringify(openapi)).digest('hex') },
  };
}

export type ReadContractResult = { ok: true; contract: PublishedContract } | { ok: false; expected: string };

export function readPublishedContract(path: string): ReadContractResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return {
        ok: false,
        expected: 'must exist: the record of what has been published, written by npm run changes -- --record',
      };
    return { ok: false, expected: `must be readable (${(error as Error).message})` };
  }
  try {
    const value = JSON.parse(text) as PublishedContract;
    const fields = ['platforms', 'resources', 'description', 'operations', 'schemas', 'openapi'] as const;
    const missing = fields.filter((field) => !(typeof value === 'object' && value !== null && field in value));
    if (missing.length > 0)
      return { ok: false, expected: `must be written by npm run changes -- --record (lacks ${missing.join(', ')})` };
    return { ok: true, contract: value };
  } catch (error) {
    return { ok: false, expected: `must be valid JSON: ${(error as Error).message}` };
  }
}

export function writePublishedContract(path: string, contract: PublishedContract): void {
  writeFileSync(path, `${JSON.stringify(contract, null, 2)}\n`);
}
