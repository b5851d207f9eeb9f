/**
 * The one rule for text from outside (a server's answer) on its way to a terminal: nothing in it
 * may act on the terminal, disguise what is shown or hide text from the reader. Unprintable is what
 * contract/one-line-text.ts says for data texts: control characters (escape sequences repaint,
 * retitle or clear a terminal; a carriage return overwrites a line), line and paragraph separators,
 * bidirectional formatting characters (they reorder what is shown, so that a command reads
 * otherwise than it runs), and the invisible ones: tag characters (ASCII that a model reads and a
 * person does not see), zero-width and other format characters, variation selectors, blank-looking
 * letters, private-use, noncharacter and lone surrogate code points. Every command prints a
 * server's strings through this module.
 * @see https://www.unicode.org/reports/tr9/#Directional_Formatting_Characters
 * @see https://trojansource.codes/ (CVE-2021-42574: bidirectional overrides in source and commands)
 */
import { UNPRINTABLE_AS_SPACE_CLASS, UNPRINTABLE_CLASS } from '../../../contract/one-line-text.ts';

const UNPRINTABLE_CHARACTERS = new RegExp(`[${UNPRINTABLE_CLASS}]`, 'gu');
/**
 * A zero-width joiner between two emoji (after a skin tone or a presentation selector, if any), or
 * a variation selector after an emoji: part of an emoji that a person sees (👨‍👩‍👧, ❤️), so a
 * terminal keeps it; anywhere else it hides in the text and goes.
 * @see https://www.unicode.org/reports/tr51/#Emoji_ZWJ_Sequences
 */
const EMOJI_PART =
  '(?<=\\p{Extended_Pictographic}[\\u{1f3fb}-\\u{1f3ff}\\ufe0f]?)\\u200d(?=\\p{Extended_Pictographic})|(?<=\\p{Emoji})[\\ufe0e\\ufe0f]';
const UNPRINTABLE_ON_SHOW = new RegExp(`(${EMOJI_PART})|[${UNPRINTABLE_CLASS}]`, 'gu');
const SHOWN_AS_SPACE = new RegExp(`^[${UNPRINTABLE_AS_SPACE_CLASS}]$`, 'u');
const HAS_UNPRINTABLE = new RegExp(`[${UNPRINTABLE_CLASS}]`, 'u');

/**
 * Text from a server made safe to print for people: a control, separator or bidirectional
 * character becomes a space, so that an answer cannot inject terminal escape codes, split a
 * tab-separated field, add a line or reorder the text; an invisible one goes (but for the joiners
 * and selectors of an emoji), so that what an agent reads from the output is what a person sees. The API never sends such characters (the build
 * refuses them); another server might.
 */
export function toPrintable(text: string): string {
  return text.replace(UNPRINTABLE_ON_SHOW, (character, emojiPart?: string) => {
    if (emojiPart) return emojiPart;
    return SHOWN_AS_SPACE.test(character) ? ' ' : '';
  });
}

/** Every string in a parsed answer made printable, keys included: what a human rendering reads. */
export function toPrintableValue<T>(value: T): T {
  if (typeof value === 'string') return toPrintable(value) as T;
  if (Array.isArray(value)) return value.map(toPrintableValue) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [toPrintable(key), toPrintableValue(item)]),
    ) as T;
  return value;
}

/**
 * Where a parsed answer holds an unprintable character (`/mcpServers/earshot-stdio/args/2`, a JSON
 * Pointer), or `undefined`: for output meant to be pasted and run, which is refused rather than
 * changed, since a changed command is not the one the server gave.
 */
export function findUnprintable(value: unknown, pointer = ''): string | undefined {
  if (typeof value === 'string') return HAS_UNPRINTABLE.test(value) ? pointer || '/' : undefined;
  if (value === null) return undefined;
  // Stryker disable next-line ConditionalExpression: Object.entries of a number or a boolean is empty, so it finds nothing either way.
  if (typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const token = key.replace(/~/g, '~0').replace(/\//g, '~1');
    if (HAS_UNPRINTABLE.test(key)) return `${pointer}/${token}`;
    const found = findUnprintable(item, `${pointer}/${token}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * JSON printed on a terminal: the unprintable characters inside strings become `\u` escapes, and a
 * carriage return between tokens goes; a valid JSON text keeps the same value (raw C0 characters
 * other than tab, line feed and carriage return cannot occur in it, and those three only as space
 * between tokens, where a tab and a line feed are harmless).
 */
export function escapeJsonControls(json: string): string {
  return json.replace(UNPRINTABLE_CHARACTERS, (character) => {
    if (character === '\t' || character === '\n') return character;
    if (character === '\r') return '';
    // A code point above U+FFFF (a tag character) is two `\u` escapes in JSON: its UTF-16 halves.
    return character
      .split('')
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('');
  });
}

/**
 * A value of an answer as text for people: a string as it is, anything else (a value of a kind
 * this client does not know yet, from a newer server) as compact JSON, so that it shows as it is.
 */
export function toDisplayText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
