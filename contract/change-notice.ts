/**
 * The notice a breaking change gets before it is published: it is announced first (the changelog,
 * its feed, and `Deprecation`/`Sunset` headers on the endpoints it affects), and published no
 * sooner than this many days later. tooling/published-contract/README.md says why thirty.
 */
export const MINIMUM_NOTICE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` plus `days`, in UTC. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day a breaking change announced `today` may be published. */
export function earliestEffectiveDate(today: string): string {
  return addDays(today, MINIMUM_NOTICE_DAYS);
}

/** How a change that removes an operation of `/openapi.json` starts: the changelog's next step reads it. */
export const REMOVES_OPERATION = 'removes the operation ';
