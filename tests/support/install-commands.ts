import { attribute, parseHtml, textContent, walkElements } from './html-tree.ts';

/**
 * Install and run commands, as anything published writes them: `npx [-y] <spec>` (after a `--`
 * that ends another tool's options too: `gemini mcp add … npx -- -y <spec>`),
 * `npx [-y] -p <spec> [-p <spec>…] <bin>` (each `-p`/`--package` names a package),
 * `npm install|i|add|exec [-g] <spec>`, `pnpm add|dlx`, `yarn add|dlx`, `bunx`. What they name
 * (`<spec>`) must be the pinned tarball URL: a bare `earshot` fetches whatever the public
 * registry has under that name.
 */
const INSTALL_COMMAND =
  /\b(?:npx(?:\s+--)?(?!(?:\s+(?:-y|--yes))?\s+(?:-p|--package)\b)(?:\s+(?:-y|--yes))?|npm\s+(?:install|i|add|exec)(?:\s+(?:-g|--global|-D|--save-dev|-E|--save-exact))*|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx)|bunx)\s+([^\s`'"<>)\]]+)/g;

/** `npx` told which packages to install with `-p`/`--package`: the packages, not the binary after them. */
const NPX_PACKAGES = /\bnpx(?:\s+--)?(?:\s+(?:-y|--yes))?((?:\s+(?:-p|--package)(?:\s+|=)[^\s`'"<>)\]]+)+)/g;
const NPX_PACKAGE = /(?:-p|--package)(?:\s+|=)([^\s`'"<>)\]]+)/g;

function findInstallSpecs(text: string): string[] {
  const packages = [...text.matchAll(NPX_PACKAGES)].flatMap((match) =>
    [...match[1]!.matchAll(NPX_PACKAGE)].map((option) => option[1]!),
  );
  // A sentence may end right after a command: its full stop is not part of the spec.
  return [...[...text.matchAll(INSTALL_COMMAND)].map((match) => match[1]!), ...packages].map((spec) =>
    spec.replace(/[.,;:]+$/, ''),
  );
}

/** `command`/`args` pairs anywhere in a JSON document whose command is npx: the package they run. */
function findNpxSpecsInJson(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(findNpxSpecsInJson);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own =
    record.command === 'npx' && Array.isArray(record.args)
      ? [String(record.args.find((arg) => typeof arg === 'string' && !arg.startsWith('-')))]
      : [];
  return [...own, ...Object.values(record).flatMap(findNpxSpecsInJson)];
}

/** A page's code, where commands are: inline `<code>`, and what code blocks' copy buttons copy. */
export function codeOnPage(html: string): string[] {
  return [...walkElements(parseHtml(html))].flatMap((element) => {
    const copied = attribute(element, 'data-code');
    // Expressive Code joins a block's lines with U+007F in the copy button's data.
    if (copied !== undefined) return [copied.replace(/\u007f/g, '\n')];
    // An Expressive Code block's lines are elements without line breaks between them: its copy
    // button, above, has them. Any other code, inline or a plain `<pre>`, is read as text.
    const isExpressiveCodeBlock = [...walkElements(element)].some((child) =>
      (attribute(child, 'class') ?? '').split(' ').includes('ec-line'),
    );
    return element.tagName === 'code' && !isExpressiveCodeBlock ? [textContent(element)] : [];
  });
}

/** Every string of a JSON document, decoded: a `\n` in the file is a line break in the string. */
function stringsInJson(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsInJson);
}

/** Every install command's spec in one published file: the code of a page, the strings of a JSON document, the whole of any other text. */
export function findInstallSpecsInFile(path: string, text: string): string[] {
  const texts = path.endsWith('.html')
    ? codeOnPage(text)
    : path.endsWith('.json')
      ? stringsInJson(JSON.parse(text))
      : [text];
  const specs = texts.flatMap(findInstallSpecs);
  return path.endsWith('.json') ? [...specs, ...findNpxSpecsInJson(JSON.parse(text))] : specs;
}

/**
 * Whether an install command's spec is pinned: our package only by the tarball URL this site
 * serves (a bare `earshot`, pinned or not, fetches whatever the public registry has under that
 * name), another package only at an exact version (`@modelcontextprotocol/inspector@2.12.0`, as
 * the MCP page's verification command names it), so that a copied command runs the code the
 * page was written and tested against.
 */
export function isPinnedInstallSpec(spec: string, packageUrl: string): boolean {
  if (spec === packageUrl) return true;
  const match = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)@\d+\.\d+\.\d+$/.exec(spec);
  return match !== null && match[1] !== 'earshot';
}
