import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { findUnlistedInlineScripts, formatInlineScripts } from '../lib/edge/content-security-policy.ts';
import { readNetlifyConfig, resolveHeaders } from '../lib/edge/netlify-config.ts';

/**
 * Keeps the site working under the strict Content-Security-Policy of `netlify.toml`, which allows
 * inline scripts by hash only:
 * - Vite inlines small bundled scripts and styles (`assetsInlineLimit`), whose text, and so hash,
 *   changes with every bundler or package upgrade. With the limit at 0 they are files under
 *   `/_astro/`, allowed by `'self'`, and the only inline scripts left are the ones components
 *   write verbatim (`is:inline`, such as Starlight's theme detection), which change rarely.
 * - After the build, every inline script of every page must have its hash in the policy, or the
 *   build fails and names each missing hash: a page whose scripts the browser would block is
 *   never published.
 */
export function contentSecurityPolicy(options: { netlifyToml?: string } = {}): AstroIntegration {
  return {
    name: 'earshot-content-security-policy',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { build: { assetsInlineLimit: 0 } } });
      },
      'astro:build:done': ({ dir }) => {
        const netlifyToml = options.netlifyToml ?? 'netlify.toml';
        const policy = resolveHeaders(readNetlifyConfig(netlifyToml), '/')['content-security-policy'];
        if (!policy) throw new Error(`${netlifyToml}: [[headers]] for "/*" must set Content-Security-Policy`);
        const unlisted = findUnlistedInlineScripts(fileURLToPath(dir), policy);
        const lines = formatInlineScripts(unlisted);
        if (lines.length === 0) return;
        throw new Error(
          [
            `${lines.length} inline script${lines.length === 1 ? ' is' : 's are'} not allowed by the Content-Security-Policy in ${netlifyToml}; browsers would block:`,
            ...lines.map((line) => `  ${line}`),
            `hint: if each script is expected (for example after upgrading Starlight), add its hash to script-src in ${netlifyToml}`,
          ].join('\n'),
        );
      },
    },
  };
}
