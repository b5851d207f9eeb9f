import { isDeepStrictEqual } from 'node:util';
import {
  buildMcpStdioServer,
  MCP_STDIO_BASE_URL_FLAG,
  MCP_STDIO_CLIENT_COMMAND,
  MCP_STDIO_COMMAND,
  MCP_STDIO_NPX_OPTIONS,
} from '../../../contract/mcp-stdio-server.ts';
import { isReleaseTarballPath } from '../../../contract/release-paths.ts';
import { whyNotSiteLink } from './site-link.ts';

/**
 * Whether a local server's command may be printed as the site's own: exactly the shape the site's
 * build writes (contract/mcp-stdio-server.ts), `npx -y <a released tarball on the site> mcp`, with
 * `--base-url <the site>` or without (the client's built-in production URL), and no field beside
 * `type`, `command` and `args`. Each word is read
 * the way the program that reads it does, never by substring: npx's options end at its first
 * word that is not one (npm's bin/npx-cli.js), that word is the package spec, read by
 * npm-package-arg's rules (`https:evil.example/x.tgz` is a URL, which WHATWG and npm read as
 * `https://evil.example/x.tgz`; `earshot@latest` is the registry's; `evil/earshot` is GitHub's),
 * and the rest are the client's own arguments.
 *
 * Why `server` is not the site's command, in words that follow "whose command"; undefined when it is.
 */
export function whyNotSiteCommand(
  server: { command: string; args: readonly string[] },
  siteUrl: string,
): string | undefined {
  const { command, args } = server;
  // A client starts the server with every field of its entry: `env` (`NODE_OPTIONS`, `npm_config_registry`) and `cwd` too.
  const shape = buildMcpStdioServer('', undefined);
  if (Object.keys(server).some((key) => !Object.hasOwn(shape, key)))
    return `carries fields besides ${Object.keys(shape).join(', ')} (an environment, a folder)`;
  if (command !== MCP_STDIO_COMMAND) return `runs another program than ${MCP_STDIO_COMMAND}`;
  const packageAt = args.findIndex((arg) => !arg.startsWith('-'));
  const npmOptions = packageAt === -1 ? args : args.slice(0, packageAt);
  const foreignOption = npmOptions.find((option, index) => option !== MCP_STDIO_NPX_OPTIONS[index]);
  if (foreignOption !== undefined || npmOptions.length !== MCP_STDIO_NPX_OPTIONS.length)
    return `gives npm options of its own${foreignOption === undefined ? '' : ` (${nameOfOption(foreignOption)})`}`;
  const spec = args[packageAt];
  if (spec === undefined) return 'names no package';
  const why = whyNotSiteTarball(spec, siteUrl);
  if (why !== undefined) return why;
  const [earshotCommand, ...rest] = args.slice(packageAt + 1);
  if (earshotCommand !== MCP_STDIO_CLIENT_COMMAND)
    return `runs another earshot command than ${MCP_STDIO_CLIENT_COMMAND}`;
  const baseUrl = rest[0] === MCP_STDIO_BASE_URL_FLAG && rest.length === 2 ? rest[1] : undefined;
  if (rest.length > 0 && baseUrl === undefined)
    return `gives earshot other arguments than ${MCP_STDIO_BASE_URL_FLAG} <site>`;
  // The client reads --base-url with WHATWG's parser too (normalizeBaseUrl): `https:evil.example` is evil.example.
  const whyNotSite = baseUrl === undefined ? undefined : whyNotSiteLink(baseUrl, siteUrl);
  if (whyNotSite !== undefined) return `gives ${MCP_STDIO_BASE_URL_FLAG} a site that ${whyNotSite}`;
  // As the site writes it, its origin alone: no other path on it for the API, no other spelling of it.
  if (baseUrl !== undefined && baseUrl !== new URL(baseUrl).origin)
    return `gives ${MCP_STDIO_BASE_URL_FLAG} the site in another form than its own`;
  // What is left to differ is the shape itself: compared with the very function the site's build writes it with.
  if (!isDeepStrictEqual(buildMcpStdioServer(spec, baseUrl), { ...server })) return 'is not the one the site builds';
  return undefined;
}

/** `--registry` of `--registry=https:evil.example/`; a word that is not an option's name is not echoed. */
function nameOfOption(option: string): string {
  const name = option.split('=')[0]!;
  return /^--?[a-z][a-z-]*$/i.test(name) ? name : 'an option';
}

/**
 * The package spec as npm-package-arg reads it (npa.js: `isURL`, `isGit`, file and alias specs,
 * hosted-git shorthands), then, for a URL, where WHATWG's parser puts it.
 * @see https://github.com/npm/npm-package-arg/blob/main/lib/npa.js
 */
function whyNotSiteTarball(spec: string, siteUrl: string): string | undefined {
  const instead = "rather than the site's tarball";
  if (/^npm:/i.test(spec)) return `installs a package from the npm registry under another name ${instead}`;
  if (/^file:/i.test(spec) || /^(?:[.]|~[/]|[/\\]|[a-zA-Z]:)/.test(spec))
    return `installs a local file or folder ${instead}`;
  if (/^(?:git[+]|github:|gitlab:|bitbucket:|gist:|sourcehut:)/i.test(spec) || /^[^@]+@[^:.]+\.[^:]+:.+$/i.test(spec))
    return `installs from a git repository ${instead}`;
  if (!/^[a-z]+:/i.test(spec)) {
    const nameEndsAt = spec.startsWith('@') ? spec.indexOf('@', 1) : spec.indexOf('@');
    const name = nameEndsAt > 0 ? spec.slice(0, nameEndsAt) : spec;
    // `earshot@https://…`: a name of its own for a spec that npm reads on (a URL, a path, a repository).
    if (nameEndsAt > 0 && /^(?:[a-z]+:|[./~\\]|[^@]*\/)/i.test(spec.slice(nameEndsAt + 1)))
      return `gives the package a name of its own ${instead}`;
    if (!name.startsWith('@') && /[/\\]/.test(name)) return `installs from a GitHub repository or a folder ${instead}`;
    if (/[.](?:tgz|tar\.gz|tar)$/i.test(name)) return `installs a local file ${instead}`;
    return `installs a package from the npm registry ${instead}`;
  }
  const why = whyNotSiteLink(spec, siteUrl);
  if (why !== undefined) return `installs a package that ${why}`;
  const url = new URL(spec);
  if (url.search !== '' || url.hash !== '' || !isReleaseTarballPath(url.pathname))
    return 'installs a file of the site that is not a released tarball';
  // Written as the site writes it, so that no reader (npm, a client, a person) can take it for another.
  if (spec !== url.href) return "writes the tarball's URL in another form than the site's";
  return undefined;
}
