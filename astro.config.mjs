// @ts-check
import { defineConfig } from 'astro/config';
import { contentSecurityPolicy } from './src/integrations/content-security-policy.ts';
import { earshotData } from './src/integrations/earshot-data.ts';
import { loadSiteContext } from './src/lib/site-context.ts';

const { baseUrl } = loadSiteContext();

export default defineConfig({
  site: baseUrl,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [earshotData(), contentSecurityPolicy()],
});
