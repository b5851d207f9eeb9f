import type { CliIo } from '../../client/src/run.ts';

export interface TestIo extends CliIo {
  out(): string;
  err(): string;
}

/** Streams that record what the client writes, and an environment with nothing inherited. */
export function createTestIo(
  options: { env?: Record<string, string>; tty?: boolean } & Partial<
    Pick<CliIo, 'fetch' | 'sleep' | 'now' | 'random'>
  > = {},
): TestIo {
  let out = '';
  let err = '';
  const { env = {}, tty = false, ...rest } = options;
  return {
    stdout: { write: (text: string) => (out += text), isTTY: tty },
    stderr: { write: (text: string) => (err += text), isTTY: tty },
    env,
    ...rest,
    out: () => out,
    err: () => err,
  };
}
