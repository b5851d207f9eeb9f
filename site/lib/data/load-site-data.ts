import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ApiData } from '../../../contract/endpoints.ts';
import {
  platformsDataSchema,
  productDataSchema,
  type PlatformsData,
  type ProductData,
} from '../../../contract/schemas/index.ts';
import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';
import { compareDataProblems, formatDataProblem, type DataProblem } from '../../../contract/data-problem.ts';
import { checkPlatformsRules, checkProductRules } from './data-rules.ts';
import { describeSchemaError } from '../../../contract/describe-schema-error.ts';

/** The product facts the whole site is built from: the data every API answer is built from. */
export type SiteData = ApiData;

export type SiteDataResult = { ok: true; data: SiteData } | { ok: false; problems: DataProblem[] };

export interface LoadOptions {
  /** Where the data files are. Default: `EARSHOT_DATA_DIR`, else `data/` in the working directory. */
  dataDir?: string;
  /** How files are named in problems, for example `data` (the default). */
  displayDir?: string;
}

/** Each data file, the schema it must match and the rules beyond the schema. */
const DATA_FILES = [
  {
    name: 'product.json',
    schemaId: productDataSchema.$id,
    checkRules: checkProductRules,
    expected: 'a JSON object with the product facts',
  },
  {
    name: 'platforms.json',
    schemaId: platformsDataSchema.$id,
    checkRules: checkPlatformsRules,
    expected: 'a JSON array of platforms',
  },
] as const;

export function defaultDataDir(): string {
  return resolve(process.env.EARSHOT_DATA_DIR ?? 'data');
}

let validator: ReturnType<typeof createSchemaValidator> | undefined;
const cache = new Map<string, { stamp: string; result: SiteDataResult }>();

/**
 * Reads, parses and checks every data file, and reports every problem found in any of them.
 * The result is cached until a file changes, so that pages and endpoints can all call it.
 */
export function loadSiteData(options: LoadOptions = {}): SiteDataResult {
  const dataDir = resolve(options.dataDir ?? defaultDataDir());
  const displayDir = options.displayDir ?? 'data';
  const key = `${dataDir}\0${displayDir}`;
  const stamp = DATA_FILES.map(({ name }) => fileStamp(join(dataDir, name))).join('|');
  const cached = cache.get(key);
  if (cached?.stamp === stamp) return cached.result;

  validator ??= createSchemaValidator();
  const problems: DataProblem[] = [];
  const values: Record<string, unknown> = {};
  for (const { name, schemaId, checkRules, expected } of DATA_FILES) {
    const file = `${displayDir}/${name}`;
    const parsed = readJsonFile(join(dataDir, name), file, expected);
    if (!parsed.ok) {
      problems.push(parsed.problem);
      continue;
    }
    const validate = validator.getSchema(schemaId);
    if (!validate) throw new Error(`No schema registered as ${schemaId}`);
    if (!validate(parsed.value))
      problems.push(...(validate.errors ?? []).map((error) => describeSchemaError(file, error)));
    problems.push(...checkRules(parsed.value).map((finding) => ({ file, ...finding })));
    values[name] = parsed.value;
  }

  const result: SiteDataResult =
    problems.length > 0
      ? { ok: false, problems: problems.sort(compareDataProblems) }
      : {
          ok: true,
          data: {
            product: values['product.json'] as ProductData,
            platforms: values['platforms.json'] as PlatformsData,
          },
        };
  cache.set(key, { stamp, result });
  return result;
}

/** The data, or an error whose message lists every problem, one per line. */
export function loadSiteDataOrThrow(options?: LoadOptions): SiteData {
  const result = loadSiteData(options);
  if (result.ok) return result.data;
  throw new Error(`Invalid data:\n${result.problems.map(formatDataProblem).join('\n')}`);
}

type ParseResult = { ok: true; value: unknown } | { ok: false; problem: DataProblem };

function readJsonFile(path: string, file: string, expected: string): ParseResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      problem: {
        file,
        pointer: '',
        expected: missing
          ? `must exist: expected ${expected}, found no file`
          : `must be readable (${(error as Error).message})`,
      },
    };
  }
  // Reading as 'utf8' would silently turn bytes that are not UTF-8 into U+FFFD and publish them.
  const text = bytes.toString('utf8');
  const badByte = findFirstNonUtf8Byte(bytes, text);
  if (badByte !== undefined) {
    const line = bytes.subarray(0, badByte).filter((byte) => byte === 0x0a).length + 1;
    return {
      ok: false,
      problem: {
        file,
        pointer: '',
        expected: `must be UTF-8 text (JSON requires it), but byte ${badByte} on line ${line} is not`,
      },
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // Node's message carries the position, for example "… (line 3 column 5)".
    return { ok: false, problem: { file, pointer: '', expected: `must be valid JSON: ${(error as Error).message}` } };
  }
}

/** The offset of the first byte that is not part of valid UTF-8, or `undefined` if all are. */
function findFirstNonUtf8Byte(bytes: Buffer, decoded: string): number | undefined {
  // A valid prefix decodes and re-encodes to the same bytes; the first difference is the culprit.
  const reencoded = Buffer.from(decoded, 'utf8');
  if (reencoded.equals(bytes)) return undefined;
  let offset = 0;
  while (offset < bytes.length && bytes[offset] === reencoded[offset]) offset++;
  return offset;
}

function fileStamp(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}
