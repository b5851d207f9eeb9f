/**
 * The base URL that every absolute link of a build starts with, in order of precedence:
 * 1. `SITE_URL`, set explicitly by whoever builds;
 * 2. on Netlify, the URL of the deploy being built: `DEPLOY_PRIME_URL` for deploy previews and
 *    branch deploys (so a preview links to itself), `URL` (the site's main address) otherwise;
 * 3. the production base URL in `data/product.json`.
 * @see https://docs.netlify.com/configure-builds/environment-variables/#deploy-urls-and-metadata
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function resolveBaseUrl(env: Record<string, string | undefined>, productBaseUrl: string): string {
  const isPreview = env.CONTEXT === 'deploy-preview' || env.CONTEXT === 'branch-deploy';
  const candidates: [string, string | undefined][] = [
    ['SITE_URL', env.SITE_URL],
    ...(isPreview ? ([['DEPLOY_PRIME_URL', env.DEPLOY_PRIME_URL]] as [string, string | undefined][]) : []),
    ['URL', env.URL],
  ];
  for (const [name, value] of candidates) {
    if (value === undefined || value.trim() === '') continue;
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(value)) {
      throw new Error(
        `${name} must be an absolute http(s) origin such as "https://earshot.dev" (got ${JSON.stringify(value)})`,
      );
    }
    // Plain HTTP would make every published link plain HTTP: only a server on this machine may use it.
    if (value.startsWith('http://') && !LOOPBACK_HOSTS.has(new URL(value).hostname)) {
      throw new Error(
        `${name} must use https:// unless it names this machine, such as "http://localhost:8888" (got ${JSON.stringify(value)})`,
      );
    }
    return value.replace(/\/$/, '');
  }
  return productBaseUrl;
}
