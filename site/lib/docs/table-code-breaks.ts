/**
 * Line-break opportunities in table cells. A cell's code (a URL, a path, a flag, a JSON body) and
 * the identifiers of its text (`EARSHOT_BASE_URL`) must not widen their column past a phone's
 * screen, yet must not break in the middle of a word either (`overflow-wrap: anywhere` split
 * "capabilitie|s" even at 1440 px). So the text of every `<td>` and `<th>` gets a `<wbr>` after
 * each run of `/`, `.`, `-`, `_`, `=`, `,`, `:` or `|` that follows a character and precedes one:
 * the column may wrap there, and only there (site/styles/docs.css keeps words whole). Run on every
 * built page (site/middleware.ts), so that tables from Markdown, from MDX expressions, from
 * components and from starlight-openapi are treated alike.
 */

const CELL = /<(td|th)\b[^>]*>[\s\S]*?<\/\1>/g;
const SEPARATORS = '/.\\-_=,:|';
/** A break point: after a run of separators, between two characters that are not separators. */
const BREAK_AFTER = new RegExp(`(?<=[^\\s${SEPARATORS}])([${SEPARATORS}]+)(?=[^\\s${SEPARATORS}])`, 'g');
const ENTITY = /&[#\w]+;/g;
/** Code up to this many characters (`earshot://openapi`) has no break point; longer, a column could not fit a 390 px screen. */
const SHORT_CODE_CHARACTERS = 17;
const SHORT_CODE = /(<code\b[^>]*>)((?:(?!<\/?code\b)[\s\S])*?)(<\/code>)/g;

/**
 * Short code without a hyphen reads as one name (`list_platforms`, `rel="deprecation"`). A hyphenated
 * one (`openapi-fetch`) keeps its break point: whole, it starved a four-column table on a phone.
 */
export function isShortName(text: string): boolean {
  return [...text].length <= SHORT_CODE_CHARACTERS && !text.includes('-');
}

/**
 * A cell that holds only code up to this many characters (`https://earshot.dev`, a default) is a
 * value: on a wide screen it stays on one line (`table-code-value`, site/styles/docs.css), where the
 * column has room; on a narrow one it may break at its break points like any code.
 */
export const CELL_VALUE_CHARACTERS = 32;

/** Whether a cell's whole text is one piece of code that short: `text` is the cell's and `code` its code's. */
function isCellValue(cellText: string, codeText: string | undefined): boolean {
  return codeText !== undefined && cellText.trim() === codeText && [...codeText].length <= CELL_VALUE_CHARACTERS;
}

const CELL_VALUE =
  /^(<(td|th)\b[^>]*>\s*(?:<a\b[^>]*>)?)<code\b([^>]*)>((?:(?!<\/?code\b)[\s\S])*?)<\/code>((?:<\/a>)?\s*<\/\2>)$/;

/** `html` with a `<wbr>` at each break point of the text inside table cells. */
export function addTableCodeBreaks(html: string): string {
  return html.replace(CELL, (whole) => {
    const value = CELL_VALUE.exec(whole);
    const inner = value?.[4]?.replace(/<[^>]+>/g, '').replace(ENTITY, '&');
    const cell =
      value && inner !== undefined && isCellValue(inner, inner)
        ? `${value[1]}<code${value[3]?.includes('class=') ? value[3].replace(/class="/, 'class="table-code-value ') : `${value[3]} class="table-code-value"`}>${value[4]}</code>${value[5]}`
        : whole;
    // Short code (`list_platforms`, `rel="deprecation"`) reads as one name: kept whole, on one line.
    const kept: string[] = [];
    const masked = cell.replace(SHORT_CODE, (code, open: string, inner: string, close: string) =>
      isShortName(inner.replace(/<[^>]+>/g, '').replace(ENTITY, '&'))
        ? `\u0001${kept.push(`${open}<span class="table-code-piece">${inner}</span>${close}`) - 1}\u0001`
        : code,
    );
    let codeDepth = 0;
    return masked
      .split(/(<[^>]+>)/)
      .map((part, index) => {
        if (index % 2 === 1) {
          if (/^<code\b/.test(part)) codeDepth++;
          else if (part === '</code>') codeDepth--;
          return part;
        }
        return part
          .split(/(\s+)/)
          .map((word, at) => (at % 2 === 1 ? word : breakWord(word, codeDepth > 0)))
          .join('');
      })
      .join('')
      .replace(/\u0001(\d+)\u0001/g, (_, index: string) => kept[Number(index)]!);
  });
}

/**
 * One escaped word with `<wbr>` after its separators; its entities (`&lt;`) count as one
 * character each. In code, a piece between break points that holds a hyphen is kept on one line
 * (`table-code-piece`): browsers break after any hyphen, and would split `--json` into `-` and `-json`.
 */
function breakWord(word: string, inCode: boolean): string {
  const entities: string[] = [];
  const masked = word.replace(ENTITY, (entity) => String.fromCharCode(0xe000 + entities.push(entity) - 1));
  // Short code (`list_platforms`, `rel="deprecation"`) reads as one name: it stays on one line.
  const pieces = masked
    .replace(BREAK_AFTER, '$1\u0000')
    .split('\u0000')
    .map((piece) => piece.replace(/[\ue000-\uefff]/g, (char) => entities[char.charCodeAt(0) - 0xe000]!));
  return pieces
    .map((piece) => (inCode && piece.includes('-') ? `<span class="table-code-piece">${piece}</span>` : piece))
    .join('<wbr>');
}
