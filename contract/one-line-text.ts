/**
 * The one rule for every text that reaches a reader from `data/` (a platform's name, the product's
 * description, a changelog title, reason or summary): one line, printable, trimmed, bounded. These
 * texts go into one-line places: a line of /llms.txt or the Agent Skill, a feed title, a
 * tab-separated line of `earshot`, a terminal. A line break there would start a Markdown block of
 * its own (a heading agents read as an instruction); a bidirectional formatting character would show
 * the text in another order than it is stored.
 */

/**
 * The unprintable characters, as the body of a regular expression's character class: the C0 and C1
 * control characters and DEL (line breaks, tabs, escape codes), the Unicode line and paragraph
 * separators, and the bidirectional formatting characters. The client prints a server's strings by
 * the same set (client/src/output/printable.ts).
 * @see https://www.unicode.org/reports/tr9/#Directional_Formatting_Characters
 */
export const UNPRINTABLE_CLASS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

export const UNPRINTABLE_CHARACTER = new RegExp(`[${UNPRINTABLE_CLASS}]`, 'u');

/** What the rule allows, in the words a build error uses after "must be". */
const ONE_LINE_TEXT_RULE =
  'one line of text, without control characters (line breaks, tabs, escape codes) or bidirectional formatting characters, not starting or ending with white space';

/**
 * The rule as a JSON Schema (ajv compiles patterns with the `u` flag): `describeSchemaError` quotes
 * the description, so that the error names the rule, not the pattern.
 */
export function oneLineTextSchema(maxLength: number) {
  return {
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: `^(?!\\s)[^${UNPRINTABLE_CLASS}]*(?<!\\s)$`,
    description: ONE_LINE_TEXT_RULE,
  } as const;
}
