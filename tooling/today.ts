/**
 * The day the build and `npm run changes` take for today. `EARSHOT_TODAY=YYYY-MM-DD` moves it, for
 * tests only: it lets a test publish an announced change on its effective date without waiting for
 * it. It cannot publish early: a Netlify build refuses it, and the build refuses a changelog entry
 * dated after its day (tooling/published-contract/check-changelog-dates.ts), so a change recorded
 * with a moved clock stops every build on the real clock until that day.
 */
export const TODAY_VARIABLE = 'EARSHOT_TODAY';

export type TodayResult = { ok: true; today: string } | { ok: false; error: string; hint: string };

export function readToday(env: Record<string, string | undefined>, now: Date = new Date()): TodayResult {
  const real = now.toISOString().slice(0, 10);
  const moved = env[TODAY_VARIABLE];
  if (moved === undefined || moved === '') return { ok: true, today: real };
  // Netlify sets NETLIFY=true in its builds: a deploy always runs on the real day.
  if (env.NETLIFY === 'true')
    return {
      ok: false,
      error: `${TODAY_VARIABLE} is set in a Netlify build; a deploy runs on the real day`,
      hint: `remove ${TODAY_VARIABLE} from the site's environment: it is for tests only`,
    };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(moved) || Number.isNaN(Date.parse(`${moved}T00:00:00Z`)))
    return {
      ok: false,
      error: `${TODAY_VARIABLE} must be a date such as ${real} (got ${JSON.stringify(moved)})`,
      hint: 'use YYYY-MM-DD',
    };
  return { ok: true, today: moved };
}
