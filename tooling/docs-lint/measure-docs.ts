/**
 * How long and how plain the docs of a build are,
 * as readers get them. Tokens (o200k, the GPT-4o tokenizer, as an agent's context counts them) of
 * `/llms-full.txt`, `/llms.txt` and each twin; words and sentences of the docs pages' prose (the
 * twins under /docs/ but the API reference, code blocks and tables left out). Prints JSON.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { split, SentenceSplitterSyntax } from 'sentence-splitter';
import { countWords, MAX_SENTENCE_WORDS } from './project-rules.ts';

export interface DocsFigures {
  llmsFullTokens: number;
  llmsTokens: number;
  twins: Record<string, { bytes: number; tokens: number; words: number; sentences: number }>;
  prose: { sentences: number; meanWords: number; overLimit: number; longest: number };
}

/** The sentences of a twin's prose: paragraphs and list items, without code blocks, tables or headings. */
function proseSentences(markdown: string): string[] {
  const prose = markdown
    .replace(/^```[\s\S]*?^```$/gm, '')
    .split('\n')
    .map((line) => (/^\s*(#|\||>|---)/.test(line) ? '' : line))
    .join('\n')
    .split(/\n{2,}|\n(?=\s*(?:[-*]|\d+\.)\s)/);
  return prose.flatMap((block) =>
    split(block.replace(/\s+/g, ' ').replace(/^\s*(?:[-*]|\d+\.)\s+/, ''))
      .filter((node) => node.type === SentenceSplitterSyntax.Sentence)
      .map((node) => node.raw.trim())
      .filter((sentence) => countWords(sentence) > 0),
  );
}

export function measureDocs(distDir: string): DocsFigures {
  const read = (path: string) => readFileSync(join(distDir, path), 'utf8');
  const twinFiles = readdirSync(join(distDir, 'docs'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`)
    .concat('docs.md')
    .sort();
  const twins: DocsFigures['twins'] = {};
  const sentences: string[] = [];
  for (const file of twinFiles) {
    const text = read(file);
    const own = proseSentences(text);
    twins[file] = {
      bytes: statSync(join(distDir, file)).size,
      tokens: countTokens(text),
      words: own.reduce((sum, sentence) => sum + countWords(sentence), 0),
      sentences: own.length,
    };
    if (!file.startsWith('docs/api')) sentences.push(...own);
  }
  const lengths = sentences.map(countWords);
  return {
    llmsFullTokens: countTokens(read('llms-full.txt')),
    llmsTokens: countTokens(read('llms.txt')),
    twins,
    prose: {
      sentences: lengths.length,
      meanWords: Number((lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)),
      overLimit: lengths.filter((length) => length > MAX_SENTENCE_WORDS).length,
      longest: Math.max(...lengths),
    },
  };
}
