import { slug } from 'github-slugger';
import type { OpenApiDocument } from '../openapi/build-openapi-document.ts';
import { API_REFERENCE_BASE } from './docs-navigation.ts';

/** The fields of an OpenAPI path item that are operations (4.8.9). */
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export interface PageMetadata {
  title: string;
  description: string;
}

/**
 * The document starlight-openapi renders the API reference from: the served document, with its
 * tags' descriptions left out. The plugin gives a tag with a description a page of its own, an
 * "Overview" listing the tag's operations, which the sidebar lists beside the reference's own
 * overview: for a handful of operations, a near-empty page under a repeated label. Without the
 * description, the tag is only a sidebar group (starlight-openapi's `isMinimalOperationTag`), and
 * the reference has one entry point. The served `/openapi.json` keeps the descriptions.
 */
export function forApiReference<Document extends Pick<OpenApiDocument, 'tags'>>(document: Document): Document {
  return { ...document, tags: document.tags.map(({ name }) => ({ name })) };
}

/**
 * The title and description of every page starlight-openapi generates from the OpenAPI document,
 * by URL path, each derived from the document itself: the overview from `info`, an operation's
 * page from its method, path and description (there are no tag pages: see `forApiReference`).
 * Left to the plugin, the overview is titled "Overview" and every page carries the site's
 * description. The paths follow the plugin's scheme (`operations/<operationId>`, slugged with
 * github-slugger as it does); tests/e2e/page-sweep.spec.ts fails if a generated page is missing here.
 */
export function describeApiReferencePages(document: OpenApiDocument): Map<string, PageMetadata> {
  const base = `/${API_REFERENCE_BASE}/`;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    // A path item's other fields (its `parameters`) are not operations.
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({
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
  for (const operation of operations) {
    pages.set(`${base}operations/${slug(operation.operationId)}/`, {
      title: operation.summary,
      description: `${operation.method} ${operation.path}: ${firstParagraph(operation.description)}`,
    });
  }
  return pages;
}

/**
 * The first paragraph of a CommonMark description as plain text, for a meta description: a code
 * span keeps its text without its backticks, which a search result or a Markdown twin would show.
 */
function firstParagraph(text: string): string {
  return text
    .split(/\n\s*\n/)[0]!
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
