/**
 * Where a URL the client requests came from, so that a message about it names the right thing to
 * change: a flag, an environment variable, the client's built-in address, or a link the server
 * itself gave (the capabilities' `resources.mcp`), which the user cannot fix.
 */
export interface UrlSource {
  /** For messages: `--base-url`, `EARSHOT_BASE_URL`, `the resources.mcp link of http://…/api/v1/capabilities`. */
  describe: string;
  /** What the user sets to change the URL (`--base-url`), or `undefined` when the server chose it. */
  setting?: string | undefined;
}

/** How the client's base URL was chosen, as `resolveClientSettings` reports it. */
export type BaseUrlChoice = '--base-url' | 'EARSHOT_BASE_URL' | 'built-in' | 'baseUrl option' | 'library default';

export function baseUrlSource(choice: BaseUrlChoice | undefined): UrlSource {
  switch (choice) {
    case '--base-url':
    case 'EARSHOT_BASE_URL':
      return { describe: choice, setting: choice };
    case 'baseUrl option':
      return { describe: 'the baseUrl option', setting: 'the baseUrl option' };
    case 'library default':
      return { describe: 'the built-in base URL', setting: 'the baseUrl option' };
    case 'built-in':
    case undefined:
      // The production address: the user did not choose it, but can point the client elsewhere.
      return { describe: 'the built-in base URL', setting: '--base-url or EARSHOT_BASE_URL' };
  }
}

/** A link found in an answer: the server chose it, so the fix is the server's. */
export function linkSource(name: string, foundIn: string): UrlSource {
  return { describe: `the ${name} link of ${foundIn}` };
}
