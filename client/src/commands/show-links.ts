import { renderTable } from '../output/render-table.ts';
import { resourceRows } from './show-capabilities.ts';
import { showAnswer, type CommandHandler } from './command-context.ts';

/** `earshot links`: the capabilities' resource links; `--json` prints the capabilities answer. */
export const showLinks: CommandHandler = async (context) =>
  showAnswer(context, await context.client.get('getServiceCapabilities'), ({ data }) =>
    renderTable(resourceRows(data.resources), {
      header: ['NAME', 'URL'],
      tty: context.tty,
      style: context.style,
      width: context.width,
      keep: [0],
    }),
  );
