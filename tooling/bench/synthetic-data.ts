import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlatformsData } from '../../contract/schemas/index.ts';
import { recordAsPublished } from '../published-contract/record-as-published.ts';

/** Target-type combinations in the proportion the shipped data has them (mostly keyword only). */
const TARGET_TYPE_CYCLE: PlatformsData[number]['targetTypes'][] = [
  ['keyword'],
  ['keyword'],
  ['keyword'],
  ['keyword', 'subreddit'],
];

/** Words for names, so that names (and the HTML, JSON and search index built from them) vary like real ones. */
const WORDS = [
  'Signal',
  'Forum',
  'Board',
  'Stream',
  'Pulse',
  'Thread',
  'Echo',
  'Wire',
  'Square',
  'Circle',
  'Harbor',
  'Lantern',
];

/**
 * `count` distinct, valid platforms, always the same for the same count: id `platform-000042`
 * (a lowercase slug), a name such as `Echo Board 42`, and one of the target-type combinations.
 */
export function generateSyntheticPlatforms(count: number): PlatformsData {
  const width = Math.max(6, String(count).length);
  return Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const name = `${WORDS[index % WORDS.length]} ${WORDS[Math.floor(index / WORDS.length) % WORDS.length]} ${number}`;
    return {
      id: `platform-${String(number).padStart(width, '0')}`,
      name,
      targetTypes: [...TARGET_TYPE_CYCLE[index % TARGET_TYPE_CYCLE.length]!],
    };
  });
}

/**
 * A temporary data folder for `EARSHOT_DATA_DIR`: the real `product.json` beside `count`
 * synthetic platforms. The real `data/` is never written.
 */
export function writeSyntheticDataDir(count: number, sourceDataDir = 'data'): string {
  const dir = mkdtempSync(join(tmpdir(), `earshot-bench-data-${count}-`));
  copyFileSync(join(sourceDataDir, 'product.json'), join(dir, 'product.json'));
  writeFileSync(join(dir, 'platforms.json'), `${JSON.stringify(generateSyntheticPlatforms(count), null, 2)}\n`);
  // The build refuses data whose changes nobody recorded: these platforms count as published.
  recordAsPublished(dir);
  return dir;
}
