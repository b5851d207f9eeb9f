import type { AstroIntegration } from 'astro';
import { join } from 'node:path';
import { endpointFile, endpoints } from '../../contract/endpoints.ts';
import { defaultDataDir } from '../lib/data/load-site-data.ts';

/**
 * Makes `astro dev` behave like the CDN for authoring: the API answers at its public paths (the
 * rewrites `netlify.toml` does in production) and an edit under `data/` reloads the page.
 */
export function earshotData(): AstroIntegration {
  return {
    name: 'earshot-data',
    hooks: {
      'astro:config:setup': ({ addWatchFile }) => {
        for (const name of ['platforms.json', 'product.json']) addWatchFile(join(defaultDataDir(), name));
      },
      'astro:server:setup': ({ server }) => {
        const fileByPath = new Map<string, string>(
          endpoints.map((endpoint) => [endpoint.path, endpointFile(endpoint)]),
        );
        server.middlewares.use((request, _response, next) => {
          const file = request.url ? fileByPath.get(request.url.split('?')[0] ?? '') : undefined;
          if (file) request.url = file;
          next();
        });
        server.watcher.add(defaultDataDir());
        server.watcher.on('change', (path) => {
          if (path.startsWith(defaultDataDir())) server.ws.send({ type: 'full-reload' });
        });
      },
    },
  };
}
