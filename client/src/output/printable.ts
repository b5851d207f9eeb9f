/**
 * C0 and C1 control characters, DEL, and the Unicode line and paragraph separators: what a
 * terminal acts on (escape sequences repaint or retitle it) or what splits a line.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text from a server made safe to print for people: every control character becomes a space,
 * so that an answer cannot inject terminal escape codes, split a tab-separated field or add a
 * line. The API never sends such characters (the build refuses them); another server might.
 */
export function toPrintable(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ');
}

/** What JSON.stringify leaves raw inside strings (it escapes C0 itself; its own line breaks stay). */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;

/** The same for JSON printed for people: those characters become `\u` escapes, still the same JSON. */
export function escapeJsonControls(json: string): string {
  return json.replace(RAW_IN_JSON, (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

/**
 * A value of an answer as text for people: a string as it is, anything else (a value of a kind
 * this client does not know yet, from a newer server) as compact JSON, so that it shows as it is.
 */
export function toDisplayText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
