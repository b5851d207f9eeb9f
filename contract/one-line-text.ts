/**
 * The one rule for every text that reaches a reader from `data/` (a platform's name, the product's
 * description, a changelog title, reason or summary) and for a server's text on a terminal: one
 * line, printable, visible, trimmed, bounded. These texts go into one-line places: a line of
 * /llms.txt or the Agent Skill, a feed title, a tab-separated line of `earshot`, a terminal. A line
 * break there would start a Markdown block of its own (a heading agents read as an instruction); a
 * bidirectional formatting character would show the text in another order than it is stored; an
 * invisible character (a tag character spells ASCII that a model reads and a person does not see)
 * would carry text no reviewer saw. The schema (`oneLineTextSchema`), the build's data rules,
 * `npm run changes` and the client (client/src/output/printable.ts) all read the classes below.
 * @see https://www.unicode.org/reports/tr9/#Directional_Formatting_Characters
 * @see https://www.unicode.org/reports/tr44/#Default_Ignorable_Code_Point
 * @see https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/
 */

/** One class of unprintable characters: a character class body, and why it is refused. */
interface UnprintableClass {
  body: string;
  reason: string;
  /**
   * What a terminal shows instead: a space for what splits or reorders a line (a space keeps
   * tab-separated fields and words apart), nothing for what is shown as nothing.
   */
  shownAsSpace: boolean;
}

/**
 * The blank-looking letters and symbols: assigned, not white space, not format characters, yet
 * drawn as nothing, so that a name made of them looks empty or padded. The Hangul fillers
 * (U+115F, U+1160, U+3164, U+FFA0) are also default-ignorable; U+2800 BRAILLE PATTERN BLANK and
 * U+1D159 MUSICAL SYMBOL NULL NOTEHEAD are not, so they are named here.
 */
const BLANK_LOOKING = '\\u115f\\u1160\\u3164\\uffa0\\u2800\\u{1d159}';

/**
 * The classes, in the order an error names them: the first class a character is in says why it
 * is refused. Bidirectional formatting and tag characters are format characters (Cf) too; they
 * come first so that the error says what they do.
 */
const UNPRINTABLE_CLASSES: readonly UnprintableClass[] = [
  {
    body: '\\p{Cc}',
    reason: 'a control character: a line break, tab or terminal escape code',
    shownAsSpace: true,
  },
  { body: '\\p{Zl}\\p{Zp}', reason: 'a line or paragraph separator', shownAsSpace: true },
  {
    body: '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069',
    reason: 'a bidirectional formatting character: it shows the text in another order than it is stored',
    shownAsSpace: true,
  },
  {
    body: '\\u{e0000}-\\u{e007f}',
    reason: 'a tag character: invisible text that a model reads and a person does not see',
    shownAsSpace: false,
  },
  { body: '\\p{Variation_Selector}', reason: 'a variation selector: invisible', shownAsSpace: false },
  { body: BLANK_LOOKING, reason: 'a blank-looking letter: drawn as nothing', shownAsSpace: false },
  { body: '\\p{Cf}', reason: 'an invisible format character (such as a zero-width space)', shownAsSpace: false },
  { body: '\\p{Co}', reason: 'a private-use character: its look depends on the font', shownAsSpace: false },
  { body: '\\p{Cs}', reason: 'a lone surrogate: not Unicode text', shownAsSpace: false },
  { body: '\\p{Noncharacter_Code_Point}', reason: 'a noncharacter: not for interchange', shownAsSpace: false },
  {
    body: '\\p{Default_Ignorable_Code_Point}',
    reason: "a default-ignorable code point: shown as nothing (Unicode's Default_Ignorable_Code_Point)",
    shownAsSpace: false,
  },
];

/**
 * Every unprintable character, as the body of a regular expression's character class (for a
 * regular expression with the `u` or `v` flag, as ajv compiles JSON Schema patterns).
 */
export const UNPRINTABLE_CLASS = UNPRINTABLE_CLASSES.map(({ body }) => body).join('');

export const UNPRINTABLE_CHARACTER = new RegExp(`[${UNPRINTABLE_CLASS}]`, 'u');

/** The classes shown as a space on a terminal, and those shown as nothing. */
const shownAsSpaceBodies = UNPRINTABLE_CLASSES.filter(({ shownAsSpace }) => shownAsSpace).map(({ body }) => body);
// Stryker disable next-line StringLiteral: what joins the bodies is only ever tested against characters already found unprintable, and adds no range.
export const UNPRINTABLE_AS_SPACE_CLASS = shownAsSpaceBodies.join('');

const classTests = UNPRINTABLE_CLASSES.map(({ body, reason }) => ({ test: new RegExp(`^[${body}]$`, 'u'), reason }));

/** `U+E0049`: a code point as Unicode writes it. */
function codePointName(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first unprintable character of `text`, said as an error says it, or `undefined`. */
export function describeUnprintable(text: string): string | undefined {
  const character = UNPRINTABLE_CHARACTER.exec(text)?.[0];
  if (character === undefined) return undefined;
  // Stryker disable next-line OptionalChaining,StringLiteral: every character UNPRINTABLE_CHARACTER finds is in one of the classes, so the fallback is never used.
  const reason = classTests.find(({ test }) => test.test(character))?.reason ?? 'unprintable';
  return `must not contain ${codePointName(character)} (${reason})`;
}

const LEADING_OR_TRAILING_SPACE = /^\p{White_Space}|\p{White_Space}$/u;
const ONLY_SPACE = /^\p{White_Space}*$/u;

/** What is wrong with a one-line text: each part of the rule it breaks, as an error says it after its location. */
export function findTextProblems(text: string, maxLength: number): { expected: string; found: string | number }[] {
  if (ONLY_SPACE.test(text)) return [{ expected: 'must not be empty or only white space', found: text }];
  const problems: { expected: string; found: string | number }[] = [];
  const unprintable = describeUnprintable(text);
  if (unprintable) problems.push({ expected: unprintable, found: text });
  if (LEADING_OR_TRAILING_SPACE.test(text))
    problems.push({ expected: 'must not start or end with white space', found: text });
  const length = [...text].length;
  if (length > maxLength) problems.push({ expected: `must be at most ${maxLength} characters long`, found: length });
  return problems;
}

/** The pattern of the rule: no unprintable character, no White_Space at either end. */
export const ONE_LINE_TEXT_PATTERN = `^(?!\\p{White_Space})[^${UNPRINTABLE_CLASS}]*(?<!\\p{White_Space})$`;

/** What the rule allows, in the words a build error uses after "must be". */
const ONE_LINE_TEXT_RULE =
  'one line of printable text, without control, format, bidirectional, tag, private-use or invisible characters, not starting or ending with white space';

/**
 * The rule as a JSON Schema (ajv compiles patterns with the `u` flag): `describeSchemaError` names
 * the character that breaks it (`describeUnprintable`), else quotes the description.
 */
export function oneLineTextSchema(maxLength: number) {
  return {
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: ONE_LINE_TEXT_PATTERN,
    description: ONE_LINE_TEXT_RULE,
  } as const;
}

const UNPRINTABLE_OR_SPACE = new RegExp(`[${UNPRINTABLE_CLASS}]|(?! )\\p{White_Space}`, 'gu');

/**
 * `text` with every unprintable character and every white space but U+0020 written as an escape
 * (`\u202e`, `\u{e0049}`): how an error quotes a text, so that what it quotes cannot act on the
 * terminal and shows what was invisible.
 */
export function escapeUnprintable(text: string): string {
  return text.replace(UNPRINTABLE_OR_SPACE, (character) => {
    const code = character.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
