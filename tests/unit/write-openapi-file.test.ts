import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { writeOpenApiFile } from '../../site/lib/openapi/write-openapi-file.ts';

describe('writeOpenApiFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-openapi-file-'));

  it('writes the document as JSON and returns the absolute path', () => {
    const file = writeOpenApiFile({ openapi: '3.1.0', servers: [{ url: 'https://a.example' }] }, dir);
    assert.ok(file.startsWith(dir));
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {
      openapi: '3.1.0',
      servers: [{ url: 'https://a.example' }],
    });
  });

  it('names the file after its content, so concurrent builds with other base URLs never share one', () => {
    const a = writeOpenApiFile({ servers: [{ url: 'https://a.example' }] }, dir);
    const b = writeOpenApiFile({ servers: [{ url: 'https://b.example' }] }, dir);
    assert.notEqual(a, b);
    assert.equal(writeOpenApiFile({ servers: [{ url: 'https://a.example' }] }, dir), a);
  });

  it("removes other builds' files once they are more than an hour old, and keeps recent ones", () => {
    const stale = join(dir, 'openapi-stale.json');
    const recent = join(dir, 'openapi-recent.json');
    writeFileSync(stale, '{}');
    writeFileSync(recent, '{}');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    writeOpenApiFile({ servers: [{ url: 'https://c.example' }] }, dir);
    assert.equal(existsSync(stale), false);
    assert.equal(existsSync(recent), true);
  });
});
