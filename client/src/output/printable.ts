/**
 * The one rule for text from outside (a server's answer) on its way to a terminal: nothing in it
 * may act on the terminal or disguise what is shown. Unprintable are the C0 and C1 control
 * characters and DEL (escape sequences repaint, retitle or clear a terminal; a carriage return
 * overwrites a line), the Unicode line and paragraph separators (they split a line), and the
 * bidirectional formatting characters (they reorder what is shown, so that a command reads
 * otherwise than it runs). Every command prints a server's strings through this module.
 * @see https://www.unicode.org/reports/tr9/#Directional_Formatting_Characters
 * @see https://trojansource.codes/ (CVE-2021-42574: bidirectional overrides in source and commands)
 */
import { UNPRINTABLE_CLASS as UNPRINTABLE } from '../../../contract/one-line-text.ts';

const UNPRINTABLE_CHARACTERS = new RegExp(`[${UNPRINTABLE}]`, 'g');
const HAS_UNPRINTABLE = new RegExp(`[${UNPRINTABLE}]`);

/**
 * Text from a server made safe to print for people: every unprintable character becomes a space,
 * so that an answer cannot inject terminal escape codes, split a tab-separated field, add a line
 * or reorder the text. The API never sends such characters (the build refuses them); another
 * server might.
 */
export function toPrintable(text: string): string {
  return text.replace(UNPRINTABLE_CHARACTERS, ' ');
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
  if (typeof value !== 'object' || value === null) return undefined;
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
    return `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A value of an answer as text for people: a string as it is, anything else (a value of a kind
 * this client does not know yet, from a newer server) as compact JSON, so that it shows as it is.
 */
export function toDisplayText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
