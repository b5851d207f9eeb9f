/**
 * The exit codes of `earshot`, one per kind of outcome, so that scripts can tell "try again
 * later" (rate limited, unreachable) from "something is wrong" (bad response, usage).
 * Listed in `earshot --help` and in the generated CLI reference.
 */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  rateLimited: 3,
  unreachable: 4,
  badResponse: 5,
  /** 128 + SIGINT (2), as shells report a program ended by Ctrl-C. */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export const exitCodeDefinitions: readonly { code: ExitCodeValue; meaning: string }[] = [
  { code: ExitCode.ok, meaning: 'Success' },
  { code: ExitCode.failure, meaning: 'General failure, including an HTTP error answer such as 404 or 5xx' },
  { code: ExitCode.usage, meaning: 'Usage error: unknown command or flag, missing or invalid value' },
  { code: ExitCode.rateLimited, meaning: 'Rate limited (HTTP 429) after every allowed retry' },
  {
    code: ExitCode.unreachable,
    meaning: 'API unreachable: connection refused, DNS failure, TLS or network error, timeout',
  },
  {
    code: ExitCode.badResponse,
    meaning:
      'Bad response: HTML instead of JSON, invalid JSON, JSON missing a field or with a wrong type, a redirect loop, oversized body',
  },
  {
    code: ExitCode.interrupted,
    meaning: 'Interrupted with Ctrl-C (SIGINT), for example during a wait for the rate limit',
  },
];
