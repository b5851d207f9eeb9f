/**
 * Whether a link a server sent may be printed as that site's own (its MCP Bundle, the changelog
 * entry of a change notice): an http(s) URL on the same origin, with no user name or password. A
 * link such as `https://earshot.dev@evil.example/x.mcpb` reads as the site's and opens another.
 */

/** Why `link` is not a link of the site at `siteUrl`, in words that follow the link; undefined when it is. */
export function whyNotSiteLink(link: string, siteUrl: string): string | undefined {
  if (!URL.canParse(link)) return 'is not a URL';
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'is not an http(s) URL';
  if (url.username !== '' || url.password !== '') return 'carries a user name or password';
  const origin = new URL(siteUrl).origin;
  if (url.origin !== origin) return `is not on ${origin}`;
  return undefined;
}
