/**
 * Rules that real data needs beyond the API's shapes. The schemas say what the API may answer;
 * these say what an editor may publish. They run even when the schema check fails, on whatever
 * part of the data is well-formed, so that one build reports every problem.
 */
import type { DataProblem } from '../../../contract/data-problem.ts';
import { findTextProblems } from '../../../contract/one-line-text.ts';

type Finding = Omit<DataProblem, 'file'>;

const PLATFORM_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID_LENGTH = 40;
const MAX_NAME_LENGTH = 80;
const MAX_DESCRIPTION_LENGTH = 1000;

export function checkPlatformsRules(platforms: unknown): Finding[] {
  if (!Array.isArray(platforms)) return [];
  const findings: Finding[] = [];
  if (platforms.length === 0) {
    findings.push({ pointer: '', expected: 'must list at least one platform', found: platforms });
  }
  const firstIndexOfId = new Map<string, number>();
  platforms.forEach((platform: unknown, index) => {
    if (!isRecord(platform)) return;
    const { id, name, targetTypes } = platform;
    if (typeof id === 'string') {
      findings.push(...checkId(`/${index}/id`, id));
      const first = firstIndexOfId.get(id);
      if (first === undefined) firstIndexOfId.set(id, index);
      else
        findings.push({ pointer: `/${index}/id`, expected: `must be unique, but /${first}/id has it too`, found: id });
    }
    if (typeof name === 'string') findings.push(...checkText(`/${index}/name`, name, MAX_NAME_LENGTH));
    if (Array.isArray(targetTypes)) findings.push(...checkTargetTypes(`/${index}/targetTypes`, targetTypes));
  });
  return findings;
}

export function checkProductRules(product: unknown): Finding[] {
  if (!isRecord(product)) return [];
  const { description, baseUrl } = product;
  return [
    ...(typeof description === 'string' ? checkText('/description', description, MAX_DESCRIPTION_LENGTH) : []),
    ...(typeof baseUrl === 'string' && baseUrl.startsWith('http://')
      ? [
          {
            pointer: '/baseUrl',
            expected:
              'must start with https:// (every published link starts with it; a local server sets SITE_URL=http://localhost:…)',
            found: baseUrl,
          },
        ]
      : []),
  ];
}

function checkId(pointer: string, id: string): Finding[] {
  if (!PLATFORM_ID_PATTERN.test(id)) {
    return [
      {
        pointer,
        expected: 'must be a slug of lowercase letters, digits and single hyphens, such as "hacker-news"',
        found: id,
      },
    ];
  }
  if (id.length > MAX_ID_LENGTH) {
    return [{ pointer, expected: `must be at most ${MAX_ID_LENGTH} characters long`, found: id.length }];
  }
  return [];
}

/** The one-line rule of contract/one-line-text.ts, one finding for each part that fails. */
function checkText(pointer: string, text: string, maxLength: number): Finding[] {
  return findTextProblems(text, maxLength).map((problem) => ({ pointer, ...problem }));
}

function checkTargetTypes(pointer: string, targetTypes: unknown[]): Finding[] {
  if (targetTypes.length === 0)
    return [{ pointer, expected: 'must list at least one target type', found: targetTypes }];
  const findings: Finding[] = [];
  const firstIndex = new Map<unknown, number>();
  targetTypes.forEach((targetType, index) => {
    const first = firstIndex.get(targetType);
    if (first === undefined) firstIndex.set(targetType, index);
    else
      findings.push({
        pointer: `${pointer}/${index}`,
        expected: `must not repeat ${pointer}/${first}`,
        found: targetType,
      });
  });
  return findings;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
