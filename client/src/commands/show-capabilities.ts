import type { CapabilitiesResponse } from '../../../contract/schemas/index.ts';
import { toDisplayText } from '../output/printable.ts';
import type { Style } from '../output/style.ts';
import { renderTable } from '../output/render-table.ts';
import { wrapText } from '../output/wrap.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';
import { renderPlatforms } from './show-platforms.ts';

/** `earshot capabilities`. */
export const showCapabilities: CommandHandler = async (context) =>
  showAnswer(context, await context.client.get('getServiceCapabilities'), ({ data }) =>
    renderCapabilities(data, context.tty, context.style, context.width),
  );

/**
 * On a terminal: the product, its description, then the platforms and resources as tables.
 * Piped: one record per line, its kind first, so each kind can be grepped:
 * `product`, `description`, `platform <id> <name> <types>`, `resource <name> <url>`.
 */
function renderCapabilities(data: CapabilitiesResponse['data'], tty: boolean, style: Style, width: number): string {
  if (!tty) {
    return renderTable(
      [
        ['product', data.product],
        ['description', data.description],
        ...data.platforms.map((platform) => ['platform', platform.id, platform.name, platform.targetTypes.join(',')]),
        ...resourceRows(data.resources).map((row) => ['resource', ...row]),
      ],
      { tty, style },
    );
  }
  const wrapped = (text: string) => wrapText(text, width, { cutLongWords: true }).join('\n');
  return [
    `${style.bold(wrapped(data.product))}\n${wrapped(data.description)}\n`,
    `${style.bold('PLATFORMS')}\n${renderPlatforms(data.platforms, tty, style, width)}`,
    `${style.bold('RESOURCES')}\n${renderTable(resourceRows(data.resources), { header: ['NAME', 'URL'], tty, style, width, keep: [0] })}`,
  ].join('\n');
}

/**
 * The resource links as `[name, url]` rows, every one the answer holds: a link this client does
 * not know yet (from a newer server) is shown as it is, like the others.
 */
export function resourceRows(resources: CapabilitiesResponse['data']['resources']): string[][] {
  return Object.entries(resources as Record<string, unknown>).map(([name, url]) => [name, toDisplayText(url)]);
}
