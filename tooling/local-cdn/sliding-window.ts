/**
 * Netlify's rate limiting, as its rules declare it: `windowLimit` requests per `windowSize`
 * seconds, counted per rule and per what `aggregateBy` names: `ip`, the client's address, and
 * `domain`, the site's domain the request came to (never a header the client chooses). A sliding
 * window, the only algorithm Netlify has. At any moment a client may have sent `windowLimit`
 * admitted requests in the last `windowSize` seconds; a refused request is not counted, so a
 * client over the limit gets requests back as its earlier ones leave the window. A window whose
 * requests have all left it is forgotten, so memory holds only the clients of the last window.
 * @see https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/
 */
export interface Limit {
  windowLimit: number;
  windowSize: number;
  aggregateBy: string[];
}

export interface Client {
  /** The address the request comes from. */
  ip: string;
  /** The site's domain (the local server's own host, as `npm start` serves one site). */
  domain: string;
}

interface Window {
  /** When each admitted request came, oldest first; at most `windowLimit`. */
  times: number[];
  windowMs: number;
}

export class SlidingWindows {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  #nextSweep = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** How many windows are held: those with a request still inside them. */
  get size(): number {
    return this.#windows.size;
  }

  /** Counts the request and says whether it is admitted; `rule` names the rule whose window it is. */
  admit(rule: string, limit: Limit, client: Client): boolean {
    const now = this.#now();
    this.#sweep(now);
    const key = [
      rule,
      // Stryker disable next-line StringLiteral: what stands for an address not counted by is the same for every client either way.
      limit.aggregateBy.includes('ip') ? client.ip : '',
      // Stryker disable next-line StringLiteral,MethodExpression: the same for every client either way; upper case folds case as well as lower.
      limit.aggregateBy.includes('domain') ? client.domain.toLowerCase() : '',
    ].join('\n');
    const windowMs = limit.windowSize * 1000;
    const window = this.#windows.get(key) ?? { times: [], windowMs };
    const since = now - windowMs;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty list's first time is undefined, never <= since, so the loop ends either way.
    while (window.times.length > 0 && window.times[0]! <= since) window.times.shift();
    const admitted = window.times.length < limit.windowLimit;
    if (admitted) window.times.push(now);
    // Empty only under a limit of 0: a held window has a request in it, so the sweep never finds one empty.
    if (window.times.length > 0) this.#windows.set(key, window);
    return admitted;
  }

  /** Forgets every window whose requests have all left it; at most once a second, in one pass. */
  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + 1000;
    for (const [key, { times, windowMs }] of this.#windows)
      if (times.at(-1)! <= now - windowMs) this.#windows.delete(key);
  }
}
