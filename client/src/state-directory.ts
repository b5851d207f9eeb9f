import { join } from 'node:path';

/**
 * Where `earshot` keeps what it must remember between runs (when it last looked for a release, the
 * change notices it has shown): `$XDG_STATE_HOME/earshot`, else `~/.local/state/earshot`
 * (`%LOCALAPPDATA%\earshot` on Windows); undefined when there is no home to keep it in.
 * @see https://specifications.freedesktop.org/basedir-spec/latest/
 */
export function stateDirectory(env: Record<string, string | undefined>): string | undefined {
  const base =
    env.XDG_STATE_HOME ||
    (process.platform === 'win32' ? env.LOCALAPPDATA : undefined) ||
    (env.HOME ? join(env.HOME, '.local', 'state') : undefined);
  return base ? join(base, 'earshot') : undefined;
}
