import type { APIRoute } from 'astro';
import { buildChangelogFeed, CHANGELOG_FEED_TYPE } from '../../../lib/changelog/build-changelog-feed.ts';
import { loadChangelogOrThrow } from '../../../lib/changelog/load-changelog.ts';
import { loadSiteContext } from '../../../lib/site-context.ts';

/** `GET /docs/changelog/feed.json`: the changelog (data/changelog.json) as a JSON Feed 1.1. */
export const GET: APIRoute = () => {
  const { data, baseUrl } = loadSiteContext();
  const feed = buildChangelogFeed({ entries: loadChangelogOrThrow(), baseUrl, productName: data.product.name });
  return new Response(JSON.stringify(feed, null, 2), { headers: { 'Content-Type': CHANGELOG_FEED_TYPE } });
};
