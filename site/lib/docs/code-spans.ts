/**
 * Text from the client's definitions and the MCP snippets marks code the Markdown way, with
 * backticks (`earshot mcp config`), because `--help` prints it as it is. On a page the backticks
 * would show literally; these pieces let a component render each span as `<code>`.
 */
export interface TextPiece {
  text: string;
  code: boolean;
}

export function splitCodeSpans(sentence: string): TextPiece[] {
  return sentence
    .split('`')
    .map((text, index) => ({ text, code: index % 2 === 1 }))
    .filter((piece) => piece.text !== '');
}
