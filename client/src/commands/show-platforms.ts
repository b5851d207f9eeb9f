import type { Platform } from '../../../contract/schemas/index.ts';
import { renderTable } from '../output/render-table.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';

/** `earshot platforms`: `reddit<TAB>Reddit<TAB>keyword,subreddit` per platform when piped. */
export const showPlatforms: CommandHandler = async (context) =>
  showAnswer(context, await context.client.get('listServicePlatforms'), (answer) =>
    renderPlatforms(answer.data, context.tty, context.style, context.width),
  );

export function renderPlatforms(
  platforms: readonly Platform[],
  tty: boolean,
  style: Parameters<typeof renderTable>[1]['style'],
  width?: number,
): string {
  const rows = platforms.map((platform) => [platform.id, platform.name, platform.targetTypes.join(tty ? ', ' : ',')]);
  // The id is what people type: it is the last column cut.
  return renderTable(rows, { header: ['ID', 'NAME', 'TARGET TYPES'], tty, style, width, keep: [0] });
}
