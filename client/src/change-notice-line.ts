/**
 * The command line's one line about an announced breaking change: on stderr, after the command's
 * own output, once per announcement and machine. Which announcements were shown is kept in
 * `notices.json` in the state directory, so that a script calling `earshot` in a loop prints it
 * once, not on every call; where nothing can be kept, it prints every time (a notice missed is
 * worse than one repeated). It prints with `--json` too: stdout stays the answer byte for byte,
 * and the scripts that store platform ids are the ones that need to hear of a removal.
 */
import { join } from 'node:path';
import type { ChangeNotice } from './api/change-notice.ts';
import { toPrintable } from './output/printable.ts';
import { whyNotSiteLink } from './output/site-link.ts';
import type { OutputStream } from './output/style.ts';
import { createStyle } from './output/style.ts';
import { readStateFile } from './read-state-file.ts';
import { stateDirectory } from './state-directory.ts';
import { writeStateFile } from './write-state-file.ts';

/** The file in the state directory that lists the notices shown. */
export const NOTICES_FILE = 'notices.json';

/** How many announcements are remembered; the oldest are forgotten first. */
const REMEMBERED_NOTICES = 100;

export interface NoticeIo {
  stderr: OutputStream;
  env: Record<string, string | undefined>;
}

/**
 * Prints the notice of the answer at `url` unless it was shown before. A notice is remembered with
 * the origin that sent it: another server sending the same links and date hides nothing of this one.
 */
export function reportChangeNotice(received: ChangeNotice, url: string, io: NoticeIo): void {
  const notice = withSiteLinksOnly(received, url);
  const key = [new URL(url).origin, ...notice.links, notice.effectiveAt?.toISOString() ?? ''].join(' ');
  const file = noticesFile(io.env);
  const seen = file ? readSeen(file) : [];
  if (seen.includes(key)) return;
  if (file) writeSeen(file, [...seen.filter((item) => item !== key), key].slice(-REMEMBERED_NOTICES));
  io.stderr.write(`${createStyle(io.stderr, io.env).yellow(renderChangeNotice(notice, url))}\n`);
}

/**
 * The notice's links are printed as the site's own: one on another origin, or with a user name in
 * it, is left out, and the line says so instead of naming it.
 */
function withSiteLinksOnly(notice: ChangeNotice, url: string): ChangeNotice & { leftOut: boolean } {
  const links = notice.links.filter((link) => whyNotSiteLink(link, url) === undefined);
  return { ...notice, links, leftOut: links.length < notice.links.length };
}

/** `notice: http://…/api/v1/platforms announces a breaking change from 2026-12-30: read http://… (shown once)`. */
function renderChangeNotice(notice: ChangeNotice & { leftOut: boolean }, url: string): string {
  const when = notice.effectiveAt ? ` from ${notice.effectiveAt.toISOString().slice(0, 10)}` : '';
  const leftOut = notice.leftOut ? ' (a link to another site was left out)' : '';
  const where = `${notice.links.length > 0 ? `read ${notice.links.join(' ')}` : 'read the changelog'}${leftOut}`;
  return toPrintable(`notice: ${url} announces a breaking change${when}: ${where} (shown once)`);
}

function noticesFile(env: Record<string, string | undefined>): string | undefined {
  const directory = stateDirectory(env);
  return directory ? join(directory, NOTICES_FILE) : undefined;
}

function readSeen(file: string): string[] {
  try {
    const value = (JSON.parse(readStateFile(file) ?? '{}') as { shown?: unknown }).shown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Written in one step, following nothing planted in the state directory (write-state-file.ts). */
function writeSeen(file: string, shown: string[]): void {
  try {
    writeStateFile(file, `${JSON.stringify({ shown })}\n`);
  } catch {
    // A read-only home: the notice is printed every time instead.
  }
}
