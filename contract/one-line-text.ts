/**
 * The one rule for every text that reaches a reader from `data/` (a platform's name, the product's
 * description, a changelog title, reason or summary): one line, printable, trimmed, bounded. These
 * texts go into one-line places: a line of /llms.txt or the Agent Skill, a feed title, a
 * tab-separated line of `earshot`, a terminal. A line break there would start a Markdown block of
 * its own (a heading agents read as an instruction); a bidirectional formatting character would show
 * the text in another order than it is stored.
 */

/** Control characters (line breaks, tabs, escape codes), line and paragraph separators, and bidirectional formatting characters. */
export const UNPRINTABLE_CHARACTER = /[\p{Cc}\u2028\u2029\p{Bidi_Control}]/u;

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
    pattern: '^(?!\\s)[^\\p{Cc}\\u2028\\u2029\\p{Bidi_Control}]*(?<!\\s)$',
    description: ONE_LINE_TEXT_RULE,
  } as const;
}
