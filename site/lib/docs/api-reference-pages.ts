import { slug } from 'github-slugger';
import type { OpenApiDocument } from '../openapi/build-openapi-document.ts';
import { API_REFERENCE_BASE } from './docs-navigation.ts';

export interface PageMetadata {
  title: string;
  description: string;
}

/**
 * The title and description of every page starlight-openapi generates from the OpenAPI document,
 * by URL path, each derived from the document itself: the overview from `info`, a tag's page from
 * the tag and its operations, an operation's page from its method, path and description. Left to
 * the plugin, both overviews are titled "Overview" and every page carries the site's description.
 * The paths follow the plugin's scheme (`operations/<operationId>`, `operations/tags/<tag>`,
 * slugged with github-slugger as it does); tests/unit/docs-build.test.ts fails if a generated page
 * is missing here.
 */
export function describeApiReferencePages(document: OpenApiDocument): Map<string, PageMetadata> {
  const base = `/${API_REFERENCE_BASE}/`;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      ...(operation as { operationId: string; summary: string; description: string; tags: readonly string[] }),
    })),
  );
  const pages = new Map<string, PageMetadata>();
  pages.set(base, {
    title: 'API reference',
    description: `${document.info.summary} Every operation, schema and example of the OpenAPI ${document.openapi} document.`,
  });
  for (const tag of document.tags) {
    const tagged = operations.filter((operation) => operation.tags.includes(tag.name));
    pages.set(`${base}operations/tags/${slug(tag.name)}/`, {
      title: `${tag.name} operations`,
      description: `${tag.description} ${tagged.map((operation) => `${operation.method} ${operation.path}`).join(' and ')}.`,
    });
  }
  for (const operation of operations) {
    pages.set(`${base}operations/${slug(operation.operationId)}/`, {
      title: operation.summary,
      description: `${operation.method} ${operation.path}: ${firstParagraph(operation.description)}`,
    });
  }
  return pages;
}

function firstParagraph(text: string): string {
  return text
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
}
