/**
 * The npm packages esbuild bundled into the client, read from the build's metafile: what ships
 * inside the tarball, exactly (not what package.json declares, since the client declares nothing).
 * Its third-party notices, its SBOM and `npm run audit` all start from this list.
 */
import type { Metafile } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface BundledPackage {
  name: string;
  version: string;
  /** The SPDX expression of the package's `license` field, as its authors wrote it. */
  license: string;
  /** Where it is installed, relative to the project: `node_modules/undici`. */
  path: string;
  /** The licence and notice files the package ships (LICENSE, LICENCE, COPYING, NOTICE …), in name order. */
  licenseFiles: { name: string; text: string }[];
  /** The registry tarball's integrity (`sha512-…`) as package-lock.json records it, when it does. */
  integrity?: string;
}

/** `node_modules/@scope/name` or `node_modules/name`, the last one in a path (nested installs). */
const PACKAGE_ROOT = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+/;
const LICENSE_FILE = /^(?:licen[cs]e|copying|notice)(?:[-.].*)?$/i;

/** Every package whose files esbuild read into the outputs, by name then version. */
export function listBundledPackages(metafile: Metafile, root: string): BundledPackage[] {
  const lock = readLockPackages(root);
  const paths = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      // An input tree-shaken down to nothing ships no code of that package.
      if (bytesInOutput === 0) continue;
      const match = PACKAGE_ROOT.exec(input.replace(/\\/g, '/'));
      if (match && !input.includes(':')) paths.add(match[0]);
    }
  return [...paths]
    .map((path) => readBundledPackage(root, path, lock[path]?.integrity))
    .sort((a, b) => (a.name === b.name ? (a.version < b.version ? -1 : 1) : a.name < b.name ? -1 : 1));
}

function readBundledPackage(root: string, path: string, integrity: string | undefined): BundledPackage {
  const dir = resolve(root, path);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    license?: string | { type?: string };
  };
  const license = typeof manifest.license === 'string' ? manifest.license : manifest.license?.type;
  if (!license) throw new Error(`${path}/package.json: the bundled package ${manifest.name} declares no licence`);
  const licenseFiles = readdirSync(dir)
    .filter((name) => LICENSE_FILE.test(name))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8').replace(/\r\n/g, '\n').trimEnd() }));
  return {
    name: manifest.name,
    version: manifest.version,
    license,
    path,
    licenseFiles,
    ...(integrity ? { integrity } : {}),
  };
}

function readLockPackages(root: string): Record<string, { integrity?: string }> {
  const file = join(root, 'package-lock.json');
  if (!existsSync(file)) return {};
  return (
    (JSON.parse(readFileSync(file, 'utf8')) as { packages?: Record<string, { integrity?: string }> }).packages ?? {}
  );
}
