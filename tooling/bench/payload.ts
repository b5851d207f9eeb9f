import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import type { BenchRow, BenchSection } from './bench-section.ts';
import { formatBytes } from './bench-stats.ts';
import { compressedSizes, type CompressedSizes } from './site-files.ts';
import { writeSyntheticDataDir } from './synthetic-data.ts';

/** The platforms of the large case: the same bodies as a build of that size writes, made in-process. */
const LARGE_COUNT = 10_000;
/** `--quick`: the same bodies at the smallest size. */
const QUICK_COUNT = 10;

interface PayloadFigure extends CompressedSizes {
  url: string;
  data: string;
}

/** Bytes on the wire for each JSON answer and the OpenAPI document: raw, gzip -9, brotli q11. */
export const payload: BenchSection = {
  id: 'payload',
  title: 'Payload (bytes; gzip level 9, brotli quality 11)',
  needs: ['site'],
  async run({ siteDir, quick }) {
    const count = quick ? QUICK_COUNT : LARGE_COUNT;
    const figures: PayloadFigure[] = [];
    const served = [
      ...endpoints.map((endpoint) => ({ url: endpoint.path, file: endpointFile(endpoint) })),
      { url: OPENAPI_PATH, file: OPENAPI_PATH },
    ];
    for (const { url, file } of served) {
      figures.push({ url, data: 'shipped data', ...compressedSizes(readFileSync(join(siteDir, file))) });
    }

    const dataDir = writeSyntheticDataDir(count);
    try {
      const data = loadSiteDataOrThrow({ dataDir });
      const baseUrl = 'https://earshot.dev';
      const large = `${count.toLocaleString('en')} synthetic platforms`;
      const bodies: [string, unknown][] = [
        ...endpoints.map((endpoint): [string, unknown] => [endpoint.path, endpoint.buildBody(data, baseUrl)]),
        [OPENAPI_PATH, buildOpenApiDocument({ data, baseUrl, rateLimit: readRateLimit() })],
      ];
      for (const [url, body] of bodies) figures.push({ url, data: large, ...compressedSizes(JSON.stringify(body)) });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const rows: BenchRow[] = figures.map((figure) => ({
      measure: `${figure.url} (${figure.data})`,
      value: formatBytes(figure.brotli),
      detail: `brotli; raw ${formatBytes(figure.raw)}, gzip ${formatBytes(figure.gzip)}`,
    }));
    return { rows, figures: { compression: 'gzip level 9; brotli quality 11, text mode', payloads: figures } };
  },
};
