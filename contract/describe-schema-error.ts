import type { ErrorObject } from 'ajv';
import { escapePointerToken, type DataProblem } from './data-problem.ts';
import {
  describeUnprintable,
  findTextProblems,
  ONE_LINE_TEXT_PATTERN,
  UNPRINTABLE_CHARACTER,
} from './one-line-text.ts';

const FORMAT_NAMES: Record<string, string> = {
  uri: 'an absolute URI',
  email: 'an email address',
};

/** Turns one ajv error into a problem that says, in words, what was expected and what was found. */
export function describeSchemaError(file: string, error: ErrorObject): DataProblem {
  const at = { file, pointer: error.instancePath };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { ...at, expected: `must have the property "${String(params.missingProperty)}"` };
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return {
        file,
        pointer: `${error.instancePath}/${escapePointerToken(String(params.additionalProperty))}`,
        expected: `is not an allowed property (allowed: ${allowed.join(', ')})`,
      };
    }
    case 'enum':
      return { ...at, expected: `must be one of ${quoteList(params.allowedValues)}`, found: error.data };
    case 'const':
      return { ...at, expected: `must be ${JSON.stringify(params.allowedValue)}`, found: error.data };
    case 'type':
      return { ...at, expected: `must be ${withArticle(String(params.type))}`, found: error.data };
    case 'format': {
      const format = String(params.format);
      return { ...at, expected: `must be ${FORMAT_NAMES[format] ?? `in ${format} format`}`, found: error.data };
    }
    case 'pattern': {
      // Stryker disable next-line ConditionalExpression: a value that is not a string holds no unprintable character once made one, so the cause is undefined either way.
      const because = typeof error.data === 'string' ? unprintableCause(String(params.pattern), error.data) : undefined;
      if (because) return { ...at, expected: because, found: error.data };
      // Patterns are opaque to editors; the schema's description names what they allow.
      const description = error.parentSchema?.description as string | undefined;
      return {
        ...at,
        expected: `must be ${description ?? `a string matching ${String(params.pattern)}`}`,
        found: error.data,
      };
    }
    default:
      return { ...at, expected: error.message ?? `fails the "${error.keyword}" rule`, found: error.data };
  }
}

/**
 * The character that alone breaks the pattern, named (`must not contain U+E0049 (a tag character…)`):
 * the one-line text rule's own words, or, for another pattern, an unprintable character without
 * which the text would match.
 */
function unprintableCause(pattern: string, text: string): string | undefined {
  // Stryker disable next-line OptionalChaining: a text the rule's pattern refuses always breaks the rule (tests/unit/one-line-text.test.ts proves it over the whole range).
  if (pattern === ONE_LINE_TEXT_PATTERN) return findTextProblems(text, Infinity)[0]?.expected;
  // Stryker disable next-line ConditionalExpression: a shortcut; without an unprintable character the text is unchanged and still fails the pattern.
  if (!UNPRINTABLE_CHARACTER.test(text)) return undefined;
  const without = text.replace(new RegExp(UNPRINTABLE_CHARACTER.source, 'gu'), '');
  return new RegExp(pattern, 'u').test(without) ? describeUnprintable(text) : undefined;
}

function quoteList(values: unknown): string {
  return (values as unknown[]).map((value) => JSON.stringify(value)).join(', ');
}

function withArticle(type: string): string {
  const noun =
    type === 'object' ? 'an object' : type === 'array' ? 'an array' : type === 'integer' ? 'an integer' : `a ${type}`;
  return noun;
}
