import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fullChromiumPath } from '../../tooling/bench/full-chromium.ts';
import { chromiumPath } from './chromium.ts';

/**
 * The Debian packages the test layers run, beside what `npm ci` installs: Chromium's headless
 * shell for the browser tests and the full Chromium for the benchmark's Lighthouse section and
 * chart (Playwright cannot download its own browsers here), openssl for the certificate of the
 * benchmark's HTTPS proxy,
 * zsh and fish for the shell completion tests, tmux for the terminal-width tests, Info-ZIP's unzip
 * to read the MCP Bundle as another zip tool does, a Java runtime for the W3C Nu HTML checker, and
 * Liberation Sans for the layout checks: a font with Arial's widths, as phones' own fonts have,
 * where Debian's fallback, DejaVu Sans, is wider and overflows tables no phone overflows (Chromium
 * only recommends it, so it is named here). Without their recommended packages:
 * with them, Chromium alone brings systemd, Samba libraries and printer configuration. Measured on
 * a fresh Debian (`apt-get install --assume-no [--no-install-recommends] chromium zsh fish tmux
 * unzip default-jre-headless`, 2026-11): 123 packages and 518 MB of disk (164 MB downloaded) with
 * recommends, the Liberation fonts among them; 31 and 452 MB (132 MB downloaded) without.
 * `fonts-liberation` adds one package and 2 MB, `chromium-headless-shell` one package and 229 MB
 * (64 MB downloaded). `CHROMIUM_PATH` points both browsers' tests at another Chromium.
 */
const PACKAGES: { name: string; layers: string[]; present(): boolean }[] = [
  { name: 'chromium-headless-shell', layers: ['e2e'], present: () => isExecutable(chromiumPath()) },
  {
    name: 'chromium',
    layers: ['bench'],
    present: () => isExecutable(fullChromiumPath()),
  },
  { name: 'zsh', layers: ['process', 'e2e'], present: () => onPath('zsh') },
  { name: 'fish', layers: ['process', 'e2e'], present: () => onPath('fish') },
  { name: 'tmux', layers: ['process'], present: () => onPath('tmux') },
  { name: 'unzip', layers: ['process'], present: () => onPath('unzip') },
  { name: 'default-jre-headless', layers: ['artifacts'], present: () => onPath('java') },
  { name: 'fonts-liberation', layers: ['e2e', 'bench'], present: () => hasFont('Liberation Sans') },
  { name: 'openssl', layers: ['bench'], present: () => onPath('openssl') },
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasFont(family: string): boolean {
  const listed = spawnSync('fc-list', [`:family=${family}`], { encoding: 'utf8' });
  return listed.status === 0 && listed.stdout.trim() !== '';
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** How apt-get can run without asking anyone: as root, or through sudo without a password. */
function aptPrefix(): string[] | undefined {
  if (!onPath('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : undefined;
}

/**
 * Installs the packages that the chosen layers need and the machine lacks, when it can without a
 * question (root, or sudo without a password); returns the one line that names what is still
 * missing and the command that installs it, or undefined when nothing is.
 */
export function ensureSystemPackages(layers: Set<string>): string | undefined {
  const chosenChromium = process.env.CHROMIUM_PATH;
  if (layers.has('e2e') && chosenChromium && !isExecutable(chosenChromium))
    return `CHROMIUM_PATH names ${chosenChromium}, which is not an executable; point it at a Chromium, or unset it to use Debian's`;
  const missing = PACKAGES.filter(
    ({ layers: needed, present }) => needed.some((layer) => layers.has(layer)) && !present(),
  );
  if (missing.length === 0) return undefined;
  const names = missing.map(({ name }) => name);
  const command = `sudo apt-get install -y --no-install-recommends ${names.join(' ')}`;
  const prefix = aptPrefix();
  if (prefix) {
    console.log(`── installing the system packages the tests need: ${names.join(' ')} ──`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = (args: string[]) => {
      const [command, ...rest] = [...prefix, ...args];
      return spawnSync(command!, rest, { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0;
    };
    if (
      run(['apt-get', 'update', '-q']) &&
      run(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...names])
    ) {
      const still = missing.filter(({ present }) => !present()).map(({ name }) => name);
      if (still.length === 0) return undefined;
      return `the tests need ${still.join(', ')}, still missing after apt-get; install them with: ${command}`;
    }
    return `the tests need ${names.join(', ')}, and apt-get could not install them; install them with: ${command}`;
  }
  return `the tests need ${names.join(', ')}, which this machine lacks; install them with: ${command}`;
}
