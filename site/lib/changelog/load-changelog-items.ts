import { loadDocsFacts } from '../docs/docs-facts.ts';
import { listChangelogItems, type ChangelogItem } from './build-changelog-feed.ts';
import { loadChangelogOrThrow } from './load-changelog.ts';

/** The changelog of this build: `data/changelog.json` and the client's releases (`releases/`), newest first. */
export function loadChangelogItems(): ChangelogItem[] {
  const { releases } = loadDocsFacts();
  return listChangelogItems(loadChangelogOrThrow(), releases.recorded);
}
