import type { DataProblem } from '../../contract/data-problem.ts';

/**
 * One difference between what has been published and what the build would publish, kept as data
 * until it is printed: by the build (unrecorded, as a problem line), by `npm run changes` (in
 * words, endpoint by endpoint) and in the changelog once recorded.
 */
export interface ContractChange {
  /**
   * `added`: clients see something new; `changed`: wording or a link moved, nothing a client relies
   * on goes; `breaking`: something a client may have stored or relied on goes (needs a reason and
   * an effective date to be recorded); `refused`: no record makes it publishable within v1.
   */
  kind: 'added' | 'changed' | 'breaking' | 'refused';
  /** Where the change was made, as the editor knows it: `data/platforms.json`, `/schemas/v1/platform.json`. */
  file: string;
  /** A JSON Pointer (RFC 6901) into `file`, `""` for the whole document. */
  pointer: string;
  /** What clients will see, as a sentence without a period: `adds the platform "mastodon" (Mastodon)`. */
  summary: string;
  /** The public addresses that show the change: `/api/v1/platforms`, `/openapi.json`. */
  where: string[];
}

/**
 * The build's line for a change nobody recorded, in the data problems' format; `state` says more
 * of a breaking change (`breaking, announced for 2026-12-26`).
 */
export function toUnrecordedProblem(change: ContractChange, state?: string): DataProblem {
  state ??= change.kind === 'refused' ? 'refused within v1' : `${change.kind}, not recorded`;
  return { file: change.file, pointer: change.pointer, expected: `${state}: ${change.summary}` };
}

export const quote = (text: string) => JSON.stringify(text);
