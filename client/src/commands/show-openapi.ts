import { renderTable } from '../output/render-table.ts';
import { wrapText } from '../output/wrap.ts';
import type { OpenApiDocument } from '../api/response-checks.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `earshot openapi`: the operations (method, path, operationId, summary); `--json`: the document. */
export const showOpenApi: CommandHandler = async (context) =>
  showAnswer(context, await context.client.getOpenApiDocument(), (document) => {
    const rows = listOperations(document);
    const table = renderTable(rows, {
      header: ['METHOD', 'PATH', 'OPERATION', 'SUMMARY'],
      tty: context.tty,
      style: context.style,
      width: context.width,
      // The method and the path are what people use; the summary is cut first.
      keep: [0, 1],
    });
    if (!context.tty) return table;
    const title = typeof document.info?.title === 'string' ? document.info.title : 'API';
    const version = typeof document.info?.version === 'string' ? ` ${document.info.version}` : '';
    const heading = wrapText(`${title}${version} (OpenAPI ${document.openapi})`, context.width, { cutLongWords: true });
    return `${heading.map((line) => context.style.bold(line)).join('\n')}\n\n${table}`;
  });

function listOperations(document: OpenApiDocument): string[][] {
  const rows: string[][] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (typeof item !== 'object' || item === null) continue;
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method];
      if (typeof operation !== 'object' || operation === null) continue;
      const { operationId, summary } = operation as { operationId?: unknown; summary?: unknown };
      rows.push([
        method.toUpperCase(),
        path,
        typeof operationId === 'string' ? operationId : '',
        typeof summary === 'string' ? summary : '',
      ]);
    }
  }
  return rows;
}
