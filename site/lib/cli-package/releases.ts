import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { releaseFileName } from '../../../contract/release-paths.ts';
import { compareDataProblems, type DataProblem, formatDataProblem } from '../../../contract/data-problem.ts';
import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';
import { describeSchemaError } from '../../../contract/describe-schema-error.ts';
import { type ReleaseManifest, releaseManifestSchema, type ReleaseRecord } from '../../../contract/schemas/index.ts';
import { listChangedFiles, readTarballFiles } from './read-tarball-files.ts';

/**
 * The released versions of the `earshot` package. A release is a record in `releases/manifest.json`
 * (version, file name, date, size, SHA-256, SHA-512, npm integrity) and its tarball, committed
 * beside it in `releases/` (this folder's README.md says why the bytes are kept rather than rebuilt).
 *
 * The site serves every recorded tarball at `/cli/<fileName>` for good, the manifest itself at
 * `/releases/manifest.json` and a `SHA256SUMS` file. The repository's copy of the manifest is the
 * second channel users check a download against: the site cannot change it unnoticed.
 *
 * A recorded version is immutable: when the client as built now has a recorded version but other
 * bytes, the build fails, and the way out is a new version (`npm run release`), unless only the
 * contract's files differ (CONTRACT_FILES): then the released client is served as it is.
 */
export const RELEASES_DIR = resolve('releases');
export const RELEASE_MANIFEST_NAME = 'manifest.json';
/** The SBOM inside each tarball, served beside it as `<tarball name without .tgz>.cdx.json`. */
const SBOM_IN_TARBALL = 'package/sbom.cdx.json';

/** The record of a bundle's bytes: `earshot-1.1.0-0840ead340.mcpb`, size and digests. */
function describeBundle(version: string, bytes: Uint8Array): NonNullable<ReleaseRecord['bundle']> {
  const sha512 = createHash('sha512').update(bytes).digest('hex');
  return {
    fileName: releaseFileName(version, sha512, 'mcpb'),
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sha512,
  };
}

/**
 * The record of a tarball's bytes, released on `date` (`YYYY-MM-DD`, UTC), with the record of
 * its MCP Bundle when the release has one.
 */
export function describeRelease(version: string, bytes: Uint8Array, date: string, bundle?: Uint8Array): ReleaseRecord {
  const sha512 = createHash('sha512').update(bytes).digest();
  return {
    version,
    fileName: releaseFileName(version, sha512.toString('hex'), 'tgz'),
    date,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sha512: sha512.toString('hex'),
    integrity: `sha512-${sha512.toString('base64')}`,
    ...(bundle ? { bundle: describeBundle(version, bundle) } : {}),
  };
}

export interface ReleaseStore {
  manifest: ReleaseManifest;
  /** The manifest file's text, as committed. */
  text: string;
  /** Each recorded release's tarball, by version. */
  tarballs: Map<string, Uint8Array>;
  /** Each recorded release's MCP Bundle, by version, for the releases that have one. */
  bundles: Map<string, Uint8Array>;
}

/** A build-stopping problem list, printed one line each like the data problems. */
export class ReleaseProblems extends Error {
  readonly problems: DataProblem[];
  readonly hint: string;
  constructor(problems: DataProblem[], hint: string) {
    super(`${[...problems].sort(compareDataProblems).map(formatDataProblem).join('\n')}\nhint: ${hint}`);
    this.name = 'ReleaseProblems';
    this.problems = problems;
    this.hint = hint;
  }
}

/**
 * Reads `releases/` and checks that the manifest matches its schema and that every recorded
 * tarball is there with exactly the recorded name, size and digests. A missing folder is no release.
 */
export function readReleaseStore(dir = RELEASES_DIR): ReleaseStore {
  const file = join(dir, RELEASE_MANIFEST_NAME);
  const label = `releases/${RELEASE_MANIFEST_NAME}`;
  if (!existsSync(file))
    return { manifest: { package: 'earshot', releases: [] }, text: '', tarballs: new Map(), bundles: new Map() };
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ReleaseProblems(
      [{ file: label, pointer: '', expected: `must be JSON (${(error as Error).message})` }],
      'fix the file; git log releases/ shows its last good state',
    );
  }
  const validate = createSchemaValidator().getSchema<ReleaseManifest>(releaseManifestSchema.$id)!;
  if (!validate(parsed))
    throw new ReleaseProblems(
      (validate.errors ?? []).map((error) => describeSchemaError(label, error)),
      'a record is written by `npm run release`; restore the file with git',
    );
  const manifest = parsed as ReleaseManifest;
  const problems: DataProblem[] = [];
  const tarballs = new Map<string, Uint8Array>();
  const bundles = new Map<string, Uint8Array>();
  const seen = new Set<string>();
  for (const [index, record] of manifest.releases.entries()) {
    const pointer = `/releases/${index}`;
    if (seen.has(record.version))
      problems.push({
        file: label,
        pointer: `${pointer}/version`,
        expected: 'must be recorded once',
        found: record.version,
      });
    seen.add(record.version);
    const bytes = readRecordedFile(
      dir,
      label,
      pointer,
      record,
      (read) => describeRelease(record.version, read, record.date),
      ['fileName', 'size', 'sha256', 'sha512', 'integrity'],
      problems,
    );
    if (!bytes) continue;
    const packed = readTarballFiles(bytes).get('package/package.json');
    const packedVersion = packed ? (JSON.parse(packed.toString('utf8')) as { version?: string }).version : undefined;
    if (packedVersion !== record.version)
      problems.push({
        file: label,
        pointer: `${pointer}/version`,
        expected: `must be the version inside releases/${record.fileName}`,
        found: record.version,
      });
    tarballs.set(record.version, bytes);
    if (record.bundle) {
      const bundle = readRecordedBundle(dir, label, `${pointer}/bundle`, record.version, record.bundle, problems);
      if (bundle) bundles.set(record.version, bundle);
    }
  }
  if (problems.length > 0)
    throw new ReleaseProblems(problems, 'a released file never changes: restore releases/ with git');
  return { manifest, text, tarballs, bundles };
}

/** A recorded bundle's bytes, when they are in `dir` exactly as recorded; else its problems join `problems`. */
function readRecordedBundle(
  dir: string,
  label: string,
  pointer: string,
  version: string,
  record: NonNullable<ReleaseRecord['bundle']>,
  problems: DataProblem[],
): Uint8Array | undefined {
  return readRecordedFile(
    dir,
    label,
    pointer,
    record,
    (read) => describeBundle(version, read),
    ['fileName', 'size', 'sha256', 'sha512'],
    problems,
  );
}

/**
 * A recorded file's bytes (a tarball or a bundle), when it is in `dir` and each of `fields`, as
 * `describe` computes it from the bytes, is what the record says; else its problems join `problems`
 * (undefined when the file is missing).
 */
function readRecordedFile<Field extends string, Described extends { fileName: string } & Record<Field, unknown>>(
  dir: string,
  label: string,
  pointer: string,
  record: Described,
  describe: (bytes: Uint8Array) => Described,
  fields: readonly Field[],
  problems: DataProblem[],
): Uint8Array | undefined {
  const path = join(dir, record.fileName);
  if (!existsSync(path)) {
    problems.push({
      file: label,
      pointer: `${pointer}/fileName`,
      expected: 'must name a file in releases/',
      found: record.fileName,
    });
    return undefined;
  }
  const bytes = new Uint8Array(readFileSync(path));
  const actual = describe(bytes);
  for (const field of fields)
    if (actual[field] !== record[field])
      problems.push({
        file: label,
        pointer: `${pointer}/${field}`,
        expected: `must match releases/${record.fileName}, whose ${field} is ${JSON.stringify(actual[field])}`,
        found: record[field],
      });
  return bytes;
}

/**
 * The files of the package that the contract alone decides: the validators the client checks
 * answers with, made from the tolerant schemas without their annotations, the MCP tools' output
 * schemas, and the type declarations (tooling/build-cli.ts). A released client reads answers that differ from what
 * these describe only as the contract's own rules allow (a field added, a platform added; a
 * breaking change is announced first, `npm run changes`), so a change to them alone asks for no
 * release of the client: the build keeps serving the released tarball, and the next release
 * carries the change. Any other file that differs is the client's own behaviour, and stops the build.
 */
const CONTRACT_FILES = [
  'package/dist/index.d.ts',
  'package/dist/response-validators.mjs',
  'package/dist/tool-output-schemas.mjs',
] as const;

/** The files `built` changes against `recorded`, when they are all CONTRACT_FILES (and at least one). */
function contractOnlyChanges(recorded: Uint8Array, built: Uint8Array): string[] | undefined {
  const changed = listChangedFiles(recorded, built);
  const contractFiles: readonly string[] = CONTRACT_FILES;
  return changed.length > 0 && changed.every((file) => contractFiles.includes(file)) ? changed : undefined;
}

/** The released client a build serves instead of the one built now, and why. */
export interface KeptRelease {
  record: ReleaseRecord;
  bytes: Uint8Array;
  bundle?: Uint8Array;
  /** The contract's files that differ (CONTRACT_FILES). */
  changed: string[];
}

/**
 * When `version` is released and the client built now differs from it only in CONTRACT_FILES,
 * the released tarball and bundle, which the build serves as the current client; else undefined.
 */
export function findKeptRelease(version: string, built: Uint8Array, dir = RELEASES_DIR): KeptRelease | undefined {
  const store = readReleaseStore(dir);
  const record = store.manifest.releases.find((candidate) => candidate.version === version);
  const bytes = store.tarballs.get(version);
  if (!record || !bytes) return undefined;
  const changed = contractOnlyChanges(bytes, built);
  if (!changed) return undefined;
  const bundle = store.bundles.get(version);
  return { record, bytes, ...(bundle ? { bundle } : {}), changed };
}

/** The note a build prints when it keeps serving a release (findKeptRelease). */
export function formatKeptRelease(kept: KeptRelease): string {
  return `note: the client built now differs from the released earshot ${kept.record.version} only in ${kept.changed.join(', ')}, which the contract decides; the site keeps serving the released client\nhint: released clients read the new answers; the next client release (\`npm run release\`) carries the change`;
}

interface ServedRelease {
  version: string;
  fileName: string;
  bytes: Uint8Array;
  /** The SBOM in the tarball, when it has one (served as `<name>.cdx.json`). */
  sbom?: Buffer;
  /** The MCP Bundle of the release, when it has one (from 1.1.0 on). */
  bundle?: { fileName: string; bytes: Uint8Array };
  /** False for the version being built when it is not recorded yet (a preview, `npm start`). */
  released: boolean;
}

export interface ServedReleases {
  /** Every recorded release, oldest first, then the current build when it is not recorded. */
  tarballs: ServedRelease[];
  /** `/releases/manifest.json`: the repository's file, byte for byte. */
  manifestText: string;
  /** `/releases/SHA256SUMS`. */
  sha256sums: string;
}

/** A file packed from the current sources, as far as the releases need it. */
interface PackedFile {
  fileName: string;
  bytes: Uint8Array;
}

export interface ServedReleasesOptions {
  /**
   * The tarball and bundle built from the current sources (`readCliTarball()` in cli-tarball.ts,
   * which reads this module: hence a shape of its own here rather than its type).
   */
  current: PackedFile & { version: string; bundle?: PackedFile };
  dir?: string;
  /** Netlify's deploy context (`CONTEXT`): a production deploy serves released versions only. */
  context?: string | undefined;
}

/** What the site serves under `/cli/` and `/releases/`; throws `ReleaseProblems` when it must not build. */
export function planServedReleases({ current, dir = RELEASES_DIR, context }: ServedReleasesOptions): ServedReleases {
  const store = readReleaseStore(dir);
  const label = `releases/${RELEASE_MANIFEST_NAME}`;
  const recordedIndex = store.manifest.releases.findIndex((record) => record.version === current.version);
  if (recordedIndex >= 0) {
    const recorded = store.tarballs.get(current.version)!;
    if (!Buffer.from(recorded).equals(current.bytes)) {
      const changed = listChangedFiles(recorded, current.bytes);
      throw new ReleaseProblems(
        [
          {
            file: label,
            pointer: `/releases/${recordedIndex}`,
            expected: `earshot ${current.version} is released and never changes, but the client built now differs${changed.length > 0 ? ` in ${changed.join(', ')}` : ' in its packing only'}`,
          },
        ],
        'bump "version" in client/package.json, then run `npm run release` to record the new version',
      );
    }
    // The same package packs the same bundle: a bundle alone that differs means its packing changed.
    const recordedBundle = store.bundles.get(current.version);
    if (recordedBundle && current.bundle && !Buffer.from(recordedBundle).equals(current.bundle.bytes))
      throw new ReleaseProblems(
        [
          {
            file: label,
            pointer: `/releases/${recordedIndex}/bundle`,
            expected: `the MCP Bundle of earshot ${current.version} is released and never changes, but the bundle built now differs`,
          },
        ],
        'bump "version" in client/package.json, then run `npm run release` to record the new version',
      );
  } else if (context === 'production') {
    throw new ReleaseProblems(
      [
        {
          file: label,
          pointer: '/releases',
          expected: `must record earshot ${current.version}: a production deploy serves released versions only`,
        },
      ],
      'run `npm run release` and commit releases/ and client/package.json',
    );
  }
  const served: ServedRelease[] = store.manifest.releases.map((record) => {
    const bytes = store.tarballs.get(record.version)!;
    const bundle = store.bundles.get(record.version);
    return {
      version: record.version,
      fileName: record.fileName,
      bytes,
      ...sbomOf(bytes),
      ...(bundle && record.bundle ? { bundle: { fileName: record.bundle.fileName, bytes: bundle } } : {}),
      released: true,
    };
  });
  if (recordedIndex < 0)
    served.push({
      version: current.version,
      fileName: current.fileName,
      bytes: current.bytes,
      ...sbomOf(current.bytes),
      ...(current.bundle ? { bundle: current.bundle } : {}),
      released: false,
    });
  return {
    tarballs: served,
    manifestText: store.text || `${JSON.stringify(store.manifest, null, 2)}\n`,
    sha256sums: store.manifest.releases
      .flatMap((record) => [record, ...(record.bundle ? [record.bundle] : [])])
      .map((file) => `${file.sha256}  ${file.fileName}\n`)
      .join(''),
  };
}

function sbomOf(bytes: Uint8Array): { sbom?: Buffer } {
  const sbom = readTarballFiles(bytes).get(SBOM_IN_TARBALL);
  return sbom ? { sbom } : {};
}

/** `earshot-1.0.0-0840ead340.tgz` → `earshot-1.0.0-0840ead340.cdx.json` */
export function sbomFileName(tarballFileName: string): string {
  return tarballFileName.replace(/\.tgz$/, '.cdx.json');
}

/** What this build serves: the releases in `releases/` and the client built from the sources. */
export function readServedReleases(current: ServedReleasesOptions['current']): ServedReleases {
  return planServedReleases({ current, context: process.env.CONTEXT });
}
