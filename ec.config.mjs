// @ts-check
import { defineEcConfig } from '@astrojs/starlight/expressive-code';
import {
  pluginCollapsibleSections,
  pluginCollapsibleSectionsTexts,
} from '@expressive-code/plugin-collapsible-sections';

/**
 * Expressive Code, as Starlight runs it (this file is where Starlight reads options that are not
 * serialisable, such as plugins).
 *
 * Every code block is focusable in the HTML itself. Expressive Code's own script makes a block
 * focusable only once it has measured that the block scrolls; until that script has run, and for a
 * reader without scripts, a wide block is a scroll container a keyboard cannot reach (WCAG 2.1.1,
 * axe's `scrollable-region-focusable`). The script still removes the tab stop of a block that
 * turns out not to scroll.
 *
 * A long output shows its first lines and a "Show all" line (`collapse`, set by the component that
 * renders outputs): the collapsed section is a <details> in the HTML, so the block has its
 * collapsed height from the first paint, and opening it needs no script. The copy button still
 * copies every line.
 */

// The plugin's own label ("58 collapsed lines") says what happened, not what the line does.
pluginCollapsibleSectionsTexts.overrideTexts(undefined, {
  collapsedLines: 'Show all ({lineCount} more {lineCount;1=line;lines})',
});

export default defineEcConfig({
  // What the copy button copies is the sample as shown: Expressive Code would otherwise drop the
  // comment lines of a shell sample (`# The platforms, as a table`), which explain the lines after them.
  frames: { removeCommentsWhenCopyingTerminalFrames: false },
  plugins: [
    pluginCollapsibleSections(),
    {
      name: 'earshot-focusable-code-blocks',
      hooks: {
        postprocessRenderedBlock: ({ renderData }) => {
          /** @typedef {{ type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] }} HastNode */
          /** @param {HastNode} node */
          const visit = (node) => {
            for (const child of node.children ?? []) {
              if (child.type !== 'element') continue;
              if (child.tagName === 'pre') child.properties = { ...child.properties, tabindex: '0' };
              else visit(child);
            }
          };
          visit(renderData.blockAst);
        },
      },
    },
  ],
});
