/**
 * `npm run lint:docs [-- <dist-dir>]`: lints what readers get from a build (default `dist/`): the
 * pages' text, their Markdown twins, `/llms.txt` and the Agent Skill (tooling/docs-lint/). Prints
 * one line per problem and exits 1 when there is any.
 */
import { existsSync } from 'node:fs';
import { collectDocsTexts } from './docs-lint/collect-docs-text.ts';
import { formatDocsProblem, lintDocsText } from './docs-lint/lint-docs-text.ts';

const distDir = process.argv[2] ?? process.env.EARSHOT_TEST_SITE_DIR ?? 'dist';
if (!existsSync(distDir)) {
  console.error(`error: ${distDir} does not exist\nhint: run npm run build first`);
  process.exitCode = 2;
} else {
  const texts = collectDocsTexts(distDir);
  const problems = (await Promise.all(texts.map((text) => lintDocsText(text)))).flat();
  for (const problem of problems) console.log(formatDocsProblem(problem));
  if (problems.length > 0) {
    console.error(`error: ${problems.length} problems in the text of ${distDir}/`);
    console.error(
      'hint: fix the source of each line above (the page, its component or the fact it prints), then build again',
    );
    process.exitCode = 1;
  } else {
    console.log(`${texts.length} texts of ${distDir}/: no problem`);
  }
}
