import { readChangeNotice, type ChangeNotice } from '../../client/src/api/change-notice.ts';
import { reportChangeNotice } from '../../client/src/change-notice-line.ts';
import { describeNoticeForModel } from '../../client/src/mcp/mcp-tools.ts';
import { endpoints } from '../../contract/endpoints.ts';

/**
 * What the client says of the breaking changes the site under test announces, derived from its
 * answers as they are served now: a removal announced in data/ (CONTRIBUTING's everyday change)
 * adds a notice to every answer, and the tests of something else must still pass, expecting it.
 */

/** The notice an answer carries (Deprecation, Sunset, their links), as the client reads it; or none. */
async function readSiteNotice(url: string): Promise<ChangeNotice | undefined> {
  const response = await fetch(url, { method: 'HEAD' });
  return readChangeNotice(response.headers, url);
}

/** The line the command line prints on stderr for the answer at `url`, with its line break; or ''. */
async function expectedNoticeLine(url: string): Promise<string> {
  const notice = await readSiteNotice(url);
  if (!notice) return '';
  let line = '';
  // No state directory in `env`: the line is printed, as on a first run.
  reportChangeNotice(notice, url, { stderr: { write: (text: string) => (line += text) }, env: {} });
  return line;
}

/** `stderr` without the notice lines of the site's API answers: what a test of something else expects empty. */
export async function withoutSiteNotices(stderr: string, baseUrl: string): Promise<string> {
  const lines = await Promise.all(endpoints.map(({ path }) => expectedNoticeLine(`${baseUrl}${path}`)));
  return lines.filter(Boolean).reduce((rest, line) => rest.replace(line, ''), stderr);
}

/** The text blocks an MCP tool adds to the answer at `url` for the model: the notice, or none. */
export async function expectedModelNotice(url: string, siteUrl: string): Promise<{ type: 'text'; text: string }[]> {
  const notice = await readSiteNotice(url);
  return notice ? [{ type: 'text', text: describeNoticeForModel(notice, siteUrl) }] : [];
}
