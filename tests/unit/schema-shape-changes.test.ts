import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { formatDataProblem } from '../../contract/data-problem.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { apiSchemas } from '../../contract/schemas/index.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { loadChangelogOrThrow } from '../../site/lib/changelog/load-changelog.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import { compareSchemaShapes } from '../../tooling/published-contract/compare-schema-shapes.ts';
import { comparePublishedContract } from '../../tooling/published-contract/compare-published-contract.ts';
import { toUnrecordedProblem } from '../../tooling/published-contract/contract-change.ts';
import {
  CONTRACT_FILE,
  readPublishedContract,
  snapshotContract,
} from '../../tooling/published-contract/published-contract.ts';
import { copyPublishingFixture } from '../support/publishing-fixture.ts';
import { recordChanges } from '../../tooling/published-contract/record-changes.ts';

/**
 * Each case edits a copy of the current schemas; the published ones are those of the publishing
 * fixture's lock (tests/support/publishing-fixture.ts), recorded from the current code.
 */
type Schemas = Record<string, any>;
const fixture = copyPublishingFixture('earshot-schemas-');
after(() => rmSync(fixture, { recursive: true, force: true }));
const lock = readPublishedContract(join(fixture, CONTRACT_FILE));
if (!lock.ok) throw new Error(lock.expected);
const published = lock.contract;

const lines = (edit: (schemas: Schemas) => void) => {
  const schemas = structuredClone(apiSchemas) as Schemas;
  edit(schemas);
  return compareSchemaShapes(published.schemas, schemas).map((change) =>
    formatDataProblem(toUnrecordedProblem(change)),
  );
};

describe('a schema change is checked against the published schemas', () => {
  const cases: [string, { edit: (schemas: Schemas) => void; want: string[] }][] = [
    [
      'removing a field is refused',
      {
        edit: (schemas) => delete schemas.Platform.properties.name,
        want: ['/schemas/v1/platform.json#/properties/name: refused within v1: removes the field "name" from Platform'],
      },
    ],
    [
      'retyping a field is refused',
      {
        edit: (schemas) => (schemas.Error.properties.statusCode.type = 'string'),
        want: [
          '/schemas/v1/error.json#/properties/statusCode: refused within v1: retypes Error /properties/statusCode from integer to string',
        ],
      },
    ],
    [
      'narrowing an enum is refused',
      {
        edit: (schemas) => (schemas.Platform.properties.targetTypes.items.enum = ['keyword']),
        want: [
          '/schemas/v1/platform.json#/properties/targetTypes/items/enum: refused within v1: narrows Platform /properties/targetTypes/items: drops "subreddit"',
        ],
      },
    ],
    [
      'making a required field optional is refused',
      {
        edit: (schemas) => (schemas.Platform.required = ['id', 'name']),
        want: [
          '/schemas/v1/platform.json#/required: refused within v1: makes the field "targetTypes" of Platform optional',
        ],
      },
    ],
    [
      'removing a schema is refused',
      {
        edit: (schemas) => delete schemas.Error,
        want: ['/schemas/v1/error.json#: refused within v1: removes the schema Error'],
      },
    ],
    [
      'adding an optional field is an addition',
      {
        edit: (schemas) => (schemas.Platform.properties.fixtureAddedField = { type: 'string' }),
        want: [
          '/schemas/v1/platform.json#/properties/fixtureAddedField: added, not recorded: adds the optional field "fixtureAddedField" to Platform',
        ],
      },
    ],
    [
      'widening an enum is breaking: a client generated with a closed enum fails on the new value',
      {
        edit: (schemas) => schemas.Platform.properties.targetTypes.items.enum.push('hashtag'),
        want: [
          '/schemas/v1/platform.json#/properties/targetTypes/items/enum: breaking, not recorded: widens Platform /properties/targetTypes/items: adds "hashtag"; clients generated from /openapi.json that check values against the list fail on it',
        ],
      },
    ],
    [
      'rewording a description changes no shape',
      { edit: (schemas) => (schemas.Platform.description = 'Another text.'), want: [] },
    ],
  ];
  for (const [name, { edit, want }] of cases) it(name, () => assert.deepEqual(lines(edit), want));

  it('an added optional field can be recorded and then publishes; a removed field cannot be recorded', () => {
    const data = loadSiteDataOrThrow({ dataDir: fixture });
    const document = buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit: readRateLimit() });
    const changelog = loadChangelogOrThrow(fixture);
    const withSchemas = (edit: (schemas: Schemas) => void) => {
      const current = snapshotContract(data, document);
      edit(current.schemas as Schemas);
      return current;
    };
    const added = withSchemas((schemas) => (schemas.Platform.properties.fixtureAddedField = { type: 'string' }));
    const addedChanges = comparePublishedContract({ published, current: added, data });
    const recorded = recordChanges(
      { published, current: added, changes: addedChanges, changelog },
      { date: '2026-12-01' },
    );
    assert.ok(recorded.ok);
    assert.deepEqual(comparePublishedContract({ published: recorded.contract, current: added, data }), []);

    const removed = withSchemas((schemas) => delete schemas.Platform.properties.name);
    const removedChanges = comparePublishedContract({ published, current: removed, data });
    const refused = recordChanges(
      { published, current: removed, changes: removedChanges, changelog },
      { date: '2026-12-01' },
    );
    assert.equal(refused.ok, false);
  });

  it('a new required request element is refused', () => {
    const data = loadSiteDataOrThrow({ dataDir: fixture });
    const document = buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit: readRateLimit() });
    document.components.parameters.UserAgent.required = true as false;
    const current = snapshotContract(data, document);
    assert.deepEqual(
      comparePublishedContract({ published, current, data })
        .filter(({ kind }) => kind === 'refused')
        .map((change) => formatDataProblem(toUnrecordedProblem(change))),
      [
        '/openapi.json#/paths/~1api~1v1~1capabilities/get/parameters: refused within v1: makes GET /api/v1/capabilities require the header parameter User-Agent',
        '/openapi.json#/paths/~1api~1v1~1capabilities/head/parameters: refused within v1: makes HEAD /api/v1/capabilities require the header parameter User-Agent',
        '/openapi.json#/paths/~1api~1v1~1platforms/get/parameters: refused within v1: makes GET /api/v1/platforms require the header parameter User-Agent',
        '/openapi.json#/paths/~1api~1v1~1platforms/head/parameters: refused within v1: makes HEAD /api/v1/platforms require the header parameter User-Agent',
      ],
    );
  });
});

describe('an operation removed from the OpenAPI document', () => {
  const data = loadSiteDataOrThrow({ dataDir: fixture });
  const current = snapshotContract(
    data,
    buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit: readRateLimit() }),
  );
  /** The lines the build prints when the published record has `key`, with `statuses`, and the current document does not. */
  const removing = (key: string, statuses: string[] | undefined) => {
    const recorded = { operationId: 'x', required: [], response: '', ...(statuses ? { statuses } : {}) };
    const published = { ...current, operations: { ...current.operations, [key]: recorded } };
    const after = { ...current, operations: { ...current.operations } };
    delete after.operations[key];
    return comparePublishedContract({ published, current: after, data }).map((change) =>
      formatDataProblem(toUnrecordedProblem(change)),
    );
  };

  it('is refused when it answered with success, or when its record does not say', () => {
    assert.deepEqual(removing('GET /api/v1/platforms', ['200', '429', 'default']), [
      '/openapi.json#/paths/~1api~1v1~1platforms/get: refused within v1: removes the operation GET /api/v1/platforms (x)',
    ]);
    assert.deepEqual(removing('GET /api/v1/platforms', undefined), [
      '/openapi.json#/paths/~1api~1v1~1platforms/get: refused within v1: removes the operation GET /api/v1/platforms (x)',
    ]);
  });

  it('is breaking when it never answered with success: the same requests get the same answers, but generated clients lose a function', () => {
    assert.deepEqual(removing('DELETE /api/v1/platforms', ['405', 'default']), [
      '/openapi.json#/paths/~1api~1v1~1platforms/delete: breaking, not recorded: removes the operation DELETE /api/v1/platforms (x), which never answered with success (statuses 405, default); requests get the same answers, but clients generated from /openapi.json lose the function',
    ]);
  });
});
