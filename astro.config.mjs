// @ts-check
import { defineConfig } from 'astro/config';
import { earshotData } from './src/integrations/earshot-data.ts';
import { loadSiteContext } from './src/lib/site-context.ts';

const { baseUrl } = loadSiteContext();

export default defineConfig({
  site: baseUrl,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [earshotData()],
});
