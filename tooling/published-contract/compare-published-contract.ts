/**
 * Compares what the build would publish with what has been published (the lock), and names every
 * difference as a `ContractChange`: a platform added, renamed, removed or reworded, a target type
 * removed, an id reused, a resource link moved, the description reworded, an operation or a
 * schema's shape changed, the OpenAPI document changed.
 */
import { isDeepStrictEqual } from 'node:util';
import { endpoints, type ApiData } from '../../contract/endpoints.ts';
import { REMOVES_OPERATION } from '../../contract/change-notice.ts';
import { escapePointerToken } from '../../contract/data-problem.ts';
import { EXAMPLE_PLATFORM_COUNT } from '../../site/lib/openapi/describe-endpoint.ts';
import { compareSchemaShapes } from './compare-schema-shapes.ts';
import { quote, type ContractChange } from './contract-change.ts';
import type { PublishedContract } from './published-contract.ts';

export interface CompareInput {
  published: PublishedContract;
  current: PublishedContract;
  /** The data the current contract was taken from, for the editor's JSON Pointers. */
  data: ApiData;
  /** How the data folder is named in changes, `data` by default. */
  displayDir?: string;
}

export function comparePublishedContract({
  published,
  current,
  data,
  displayDir = 'data',
}: CompareInput): ContractChange[] {
  const productFile = `${displayDir}/product.json`;
  const changes: ContractChange[] = [
    ...comparePlatforms(published, current, data, `${displayDir}/platforms.json`),
    ...compareResources(published, current, data, productFile),
  ];
  if (published.description !== current.description)
    changes.push({
      kind: 'changed',
      file: productFile,
      pointer: '/description',
      summary: 'rewords the product description',
      where: [
        ...endpointsShowing(data, (d) => ({
          ...d,
          product: { ...d.product, description: `${d.product.description} probe` },
        })),
        '/openapi.json',
      ],
    });

  changes.push(...compareOperations(published.operations, current.operations));
  changes.push(...compareSchemaShapes(published.schemas, current.schemas));

  if (published.openapi.sha256 !== current.openapi.sha256)
    changes.push({
      kind: 'changed',
      file: '/openapi.json',
      pointer: '',
      summary: `changes the OpenAPI document: ${explainOpenApiChange(published, current, data, changes)}`,
      where: ['/openapi.json'],
    });
  return changes;
}

/**
 * Why the OpenAPI document changed, from what it is built of (site/lib/openapi/): the lock keeps
 * only its hash, so the reason is read off the other changes and the examples' platforms.
 */
function explainOpenApiChange(
  published: PublishedContract,
  current: PublishedContract,
  data: ApiData,
  others: readonly ContractChange[],
): string {
  const reasons: string[] = [];
  const examples = data.platforms.slice(0, EXAMPLE_PLATFORM_COUNT);
  const sameAsPublished = ({ id, name, targetTypes }: (typeof examples)[number]) => {
    const before = published.platforms[id];
    return !before?.withdrawn && before?.name === name && isDeepStrictEqual(before.targetTypes, [...targetTypes]);
  };
  const removed = Object.entries(published.platforms).some(
    ([id, { withdrawn }]) => !withdrawn && !(id in current.platforms),
  );
  if (!examples.every(sameAsPublished) || removed)
    reasons.push(
      `its examples show the first ${EXAMPLE_PLATFORM_COUNT} platforms of data/platforms.json, and they changed`,
    );
  if (published.description !== current.description) reasons.push('it quotes the product description');
  if (!isDeepStrictEqual(published.resources, current.resources))
    reasons.push('it links the resources of data/product.json');
  if (others.some(({ file }) => file.startsWith('/schemas/') || file.startsWith('/api/')))
    reasons.push('it holds the operations and the schemas');
  if (reasons.length === 0)
    reasons.push('a description, title or example in contract/schemas/ or contract/endpoints.ts changed');
  return reasons.join('; ');
}

/** Platforms added, brought back, renamed, removed, and target types added or removed, by data/platforms.json's pointers. */
function comparePlatforms(
  published: PublishedContract,
  current: PublishedContract,
  data: CompareInput['data'],
  platformsFile: string,
): ContractChange[] {
  const changes: ContractChange[] = [];
  const showPlatforms = endpointsShowing(data, (d) => ({ ...d, platforms: d.platforms.slice(1) }));

  const active = Object.entries(published.platforms).filter(([, platform]) => !platform.withdrawn);
  const gone = active.filter(([id]) => !(id in current.platforms));
  const renamedFrom = new Map<string, string>();
  data.platforms.forEach(({ id, name, targetTypes }, index) => {
    const before = published.platforms[id];
    const at = `/${index}`;
    const push = (kind: ContractChange['kind'], pointer: string, summary: string) =>
      changes.push({ kind, file: platformsFile, pointer, summary, where: showPlatforms });
    if (before?.withdrawn && before.name === name) {
      push('added', at, `brings back the platform ${quote(id)} (${name}), withdrawn on ${before.withdrawn.effective}`);
      return;
    }
    if (before?.withdrawn) {
      push(
        'refused',
        `${at}/id`,
        `reuses the id ${quote(id)}, published for ${quote(before.name)} and withdrawn on ${before.withdrawn.effective}; a published id is never given to another platform`,
      );
      return;
    }
    if (!before) {
      const old = gone.find(([, platform]) => platform.name === name);
      if (old) {
        renamedFrom.set(old[0], id);
        push(
          'breaking',
          `${at}/id`,
          `renames the id of ${quote(name)} from ${quote(old[0])} to ${quote(id)}; clients that stored ${quote(old[0])} lose it`,
        );
      } else push('added', at, `adds the platform ${quote(id)} (${name}) with ${describeTargetTypes(targetTypes)}`);
      return;
    }
    if (before.name !== name)
      push('changed', `${at}/name`, `renames the platform ${quote(id)} from ${quote(before.name)} to ${quote(name)}`);
    for (const targetType of before.targetTypes.filter((type) => !targetTypes.includes(type as never)))
      push(
        'breaking',
        `${at}/targetTypes`,
        `removes the target type ${quote(targetType)} from the platform ${quote(id)}`,
      );
    for (const targetType of targetTypes.filter((type) => !before.targetTypes.includes(type)))
      push('added', `${at}/targetTypes`, `adds the target type ${quote(targetType)} to the platform ${quote(id)}`);
  });
  for (const [id, platform] of gone) {
    if (renamedFrom.has(id)) continue;
    changes.push({
      kind: 'breaking',
      file: platformsFile,
      pointer: '',
      summary: `removes the platform ${quote(id)} (${platform.name}); clients that stored ${quote(id)} lose it`,
      where: showPlatforms,
    });
  }
  return changes;
}

/** Resource links added, moved or removed, by data/product.json's pointers. */
function compareResources(
  published: PublishedContract,
  current: PublishedContract,
  data: CompareInput['data'],
  productFile: string,
): ContractChange[] {
  const changes: ContractChange[] = [];
  const showResources = endpointsShowing(data, (d) => ({
    ...d,
    product: { ...d.product, resources: mapValues(d.product.resources, (path) => `${path}-probe`) },
  }));
  for (const [key, path] of Object.entries(current.resources)) {
    const before = published.resources[key];
    const pointer = `/resources/${escapePointerToken(key)}`;
    if (before === undefined)
      changes.push({
        kind: 'added',
        file: productFile,
        pointer,
        summary: `adds the resource link ${quote(key)} to ${path}`,
        where: showResources,
      });
    else if (before !== path)
      changes.push({
        kind: 'changed',
        file: productFile,
        pointer,
        summary: `moves the resource link ${quote(key)} from ${before} to ${path}`,
        where: showResources,
      });
  }
  for (const key of Object.keys(published.resources).filter((key) => !(key in current.resources)))
    changes.push({
      kind: 'breaking',
      file: productFile,
      pointer: '/resources',
      summary: `removes the resource link ${quote(key)}`,
      where: showResources,
    });
  return changes;
}

function compareOperations(
  published: PublishedContract['operations'],
  current: PublishedContract['operations'],
): ContractChange[] {
  const changes: ContractChange[] = [];
  const file = '/openapi.json';
  const pointerOf = (key: string) => {
    const [method = '', path = ''] = key.split(' ');
    return `/paths/${escapePointerToken(path)}/${method.toLowerCase()}`;
  };
  for (const [key, before] of Object.entries(published)) {
    const after = current[key];
    const pointer = pointerOf(key);
    const where = [key.split(' ')[1] ?? key];
    if (!after) {
      changes.push(describeRemovedOperation(key, before, { file, pointer, where }));
      continue;
    }
    if (after.operationId !== before.operationId)
      changes.push({
        kind: 'refused',
        file,
        pointer: `${pointer}/operationId`,
        summary: `renames the operation id of ${key} from ${quote(before.operationId)} to ${quote(after.operationId)}`,
        where,
      });
    for (const element of after.required.filter((element) => !before.required.includes(element)))
      changes.push({
        kind: 'refused',
        file,
        pointer: `${pointer}/parameters`,
        summary: `makes ${key} require the ${element}`,
        where,
      });
    if (after.response !== before.response)
      changes.push({
        kind: 'refused',
        file,
        pointer: `${pointer}/responses/200`,
        summary: `changes the answer of ${key} from ${before.response} to ${after.response}`,
        where,
      });
  }
  for (const [key, after] of Object.entries(current))
    if (!(key in published))
      changes.push({
        kind: 'added',
        file,
        pointer: pointerOf(key),
        summary: `adds the operation ${key} (${after.operationId})`,
        where: [key.split(' ')[1] ?? key],
      });
  return changes;
}

/**
 * An operation that answered data cannot go within v1. One that never succeeded (its record lists
 * no 2XX: it only described an error) can: every request gets the answer it got before, but a
 * client generated from the document loses a function, so it is breaking, announced with a reason.
 */
function describeRemovedOperation(
  key: string,
  before: PublishedContract['operations'][string],
  place: Pick<ContractChange, 'file' | 'pointer' | 'where'>,
): ContractChange {
  const succeeded = before.statuses?.some((status) => /^2/.test(status)) ?? true;
  if (succeeded) return { kind: 'refused', ...place, summary: `${REMOVES_OPERATION}${key} (${before.operationId})` };
  return {
    kind: 'breaking',
    ...place,
    summary: `${REMOVES_OPERATION}${key} (${before.operationId}), which never answered with success (statuses ${before.statuses?.join(', ')}); requests get the same answers, but clients generated from /openapi.json lose the function`,
  };
}

/** The endpoints whose answer changes when `edit` changes the data: where a change is seen. */
function endpointsShowing(data: ApiData, edit: (data: ApiData) => ApiData): string[] {
  const base = 'https://probe.invalid';
  const edited = edit(data);
  return endpoints
    .filter((endpoint) => !isDeepStrictEqual(endpoint.buildBody(data, base), endpoint.buildBody(edited, base)))
    .map(({ path }) => path);
}

function describeTargetTypes(targetTypes: readonly string[]): string {
  return `the target type${targetTypes.length === 1 ? '' : 's'} ${targetTypes.map(quote).join(', ')}`;
}

function mapValues<T extends Record<string, string>>(record: T, map: (value: string) => string): T {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)])) as T;
}
