import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import { generateSyntheticPlatforms, writeSyntheticDataDir } from '../../tooling/bench/synthetic-data.ts';
import { loadSiteData } from '../../site/lib/data/load-site-data.ts';

describe('synthetic benchmark data', () => {
  for (const count of [1, 10, 1_000, 10_000]) {
    it(`of ${count.toLocaleString('en')} platforms passes the build's own data checks`, () => {
      const dir = writeSyntheticDataDir(count);
      try {
        const result = loadSiteData({ dataDir: dir });
        assert.equal(result.ok, true, result.ok ? '' : JSON.stringify(result.problems.slice(0, 5)));
        assert.equal(result.ok && result.data.platforms.length, count);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('is the same every time for the same count, and its prefix for a smaller one', () => {
    assert.deepEqual(generateSyntheticPlatforms(50), generateSyntheticPlatforms(50));
    assert.deepEqual(generateSyntheticPlatforms(50).slice(0, 10), generateSyntheticPlatforms(10));
  });

  it('keeps ids within the 40-character limit at 100,000 platforms', () => {
    const last = generateSyntheticPlatforms(100_000).at(-1)!;
    assert.equal(last.id, 'platform-100000');
    assert.match(last.name, / 100000$/);
  });
});
