import type { APIRoute } from 'astro';
import { buildChangelogFeed, CHANGELOG_FEED_TYPE } from '../../../lib/changelog/build-changelog-feed.ts';
import { loadChangelogItems } from '../../../lib/changelog/load-changelog-items.ts';
import { loadSiteContext } from '../../../lib/site-context.ts';

/** `GET /docs/changelog/feed.json`: the changelog (data/changelog.json and the client's releases) as a JSON Feed 1.1. */
export const GET: APIRoute = () => {
  const { data, baseUrl } = loadSiteContext();
  const feed = buildChangelogFeed({ items: loadChangelogItems(), baseUrl, productName: data.product.name });
  return new Response(JSON.stringify(feed, null, 2), { headers: { 'Content-Type': CHANGELOG_FEED_TYPE } });
};
