/**
 * Netlify's rate limiting, as its rules declare it: `windowLimit` requests per `windowSize`
 * seconds, counted per client address and domain (`aggregateBy`), with a sliding window, the only
 * algorithm Netlify has. At any moment a client may have sent `windowLimit` admitted requests in
 * the last `windowSize` seconds; a refused request is not counted, so a client over the limit gets
 * requests back as its earlier ones leave the window.
 * @see https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/
 */
export interface Limit {
  windowLimit: number;
  windowSize: number;
  aggregateBy: string[];
}

export interface Client {
  ip: string;
  domain: string;
}

export class SlidingWindows {
  readonly #admitted = new Map<string, number[]>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Counts the request and says whether it is admitted; `rule` names the rule whose window it is. */
  admit(rule: string, limit: Limit, client: Client): boolean {
    const key = [
      rule,
      limit.aggregateBy.includes('ip') ? client.ip : '',
      limit.aggregateBy.includes('domain') ? client.domain.toLowerCase() : '',
    ].join('\n');
    const now = this.#now();
    const since = now - limit.windowSize * 1000;
    const times = (this.#admitted.get(key) ?? []).filter((time) => time > since);
    const admitted = times.length < limit.windowLimit;
    if (admitted) times.push(now);
    if (times.length > 0) this.#admitted.set(key, times);
    else this.#admitted.delete(key);
    return admitted;
  }
}
