/**
 * The notice of an announced breaking change, read from an answer's headers: `Deprecation`
 * (RFC 9745: `@` and seconds since 1970), `Sunset` (RFC 8594: an HTTP date) and the `Link`s with
 * `rel="deprecation"` or `rel="sunset"` (the changelog entry). Read tolerantly: a header that is
 * missing or malformed is left out, never an error; an answer with none of them has no notice.
 * @see https://www.rfc-editor.org/rfc/rfc9745
 * @see https://www.rfc-editor.org/rfc/rfc8594
 * @see https://www.rfc-editor.org/rfc/rfc8288#section-3 (the Link header's syntax)
 */

export interface ChangeNotice {
  /** When the change was announced (`Deprecation`), when the header is a valid date. */
  announcedAt?: Date;
  /** The first moment the change may be published (`Sunset`), when the header is a valid date. */
  effectiveAt?: Date;
  /** Where the change is described: the absolute http(s) URLs of the deprecation and sunset links. */
  links: string[];
}

/** How much of a header is read at most: a notice is short, a hostile header is not. */
const MAX_HEADER_LENGTH = 4096;

export function readChangeNotice(headers: Headers, url: string): ChangeNotice | undefined {
  const deprecation = readHeader(headers, 'deprecation');
  const sunset = readHeader(headers, 'sunset');
  const links = readNoticeLinks(readHeader(headers, 'link') ?? '', url);
  if (deprecation === undefined && sunset === undefined && links.length === 0) return undefined;
  const announcedAt = parseDeprecationDate(deprecation);
  const effectiveAt = parseHttpDate(sunset);
  return { ...(announcedAt && { announcedAt }), ...(effectiveAt && { effectiveAt }), links };
}

function readHeader(headers: Headers, name: string): string | undefined {
  const value = headers.get(name);
  return value === null ? undefined : value.slice(0, MAX_HEADER_LENGTH);
}

/** RFC 9745's structured-field Date, `@1767225600`. */
function parseDeprecationDate(value: string | undefined): Date | undefined {
  const match = /^\s*@(-?\d{1,15})\s*$/.exec(value ?? '');
  return match ? validDate(Number(match[1]) * 1000) : undefined;
}

/** An HTTP date, `Wed, 30 Dec 2026 00:00:00 GMT` (the obsolete forms too, as Date.parse reads them). */
function parseHttpDate(value: string | undefined): Date | undefined {
  if (value === undefined || !/GMT\s*$/.test(value)) return undefined;
  return validDate(Date.parse(value));
}

function validDate(ms: number): Date | undefined {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms) : undefined;
}

/** The targets of the `deprecation` and `sunset` links, resolved against the answer's URL, http(s) only, each once. */
function readNoticeLinks(value: string, base: string): string[] {
  const found: string[] = [];
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:"[^"]*")?)*)/g)) {
    const rels = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const relations = (rels?.[1] ?? rels?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!relations.includes('deprecation') && !relations.includes('sunset')) continue;
    const target = resolveHttpUrl(match[1] ?? '', base);
    if (target && !found.includes(target)) found.push(target);
  }
  return found;
}

function resolveHttpUrl(reference: string, base: string): string | undefined {
  try {
    const url = new URL(reference, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
