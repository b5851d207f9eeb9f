/**
 * `npm run measure:docs [-- <dist>]`: how long and how plain the docs of a build are, as readers
 * get them (tooling/docs-lint/measure-docs.ts): tokens of /llms-full.txt, /llms.txt and each
 * twin, words per sentence of the docs pages. Prints JSON; run it on two builds to compare.
 */
import { relative } from 'node:path';
import { measureDocs } from './docs-lint/measure-docs.ts';

const dir = process.argv[2] ?? 'dist';
console.log(JSON.stringify({ dist: relative('.', dir) || dir, ...measureDocs(dir) }, null, 2));
