import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateWorkflow, type ValidationError } from '@action-validator/core';

/** The folder GitHub Actions reads workflows from. */
const WORKFLOWS_DIR = '.github/workflows';

/**
 * What is wrong with a workflow file against GitHub's workflow schema, one line each (`<file>#<path>:
 * <what>`), none when it is valid. action-validator's WebAssembly build: offline, no Go toolchain.
 */
export function workflowProblems(file: string, text: string): string[] {
  return validateWorkflow(text).errors.flatMap((error) => describe(file, error));
}

function describe(file: string, error: ValidationError): string[] {
  const where = 'path' in error ? error.path : `:${error.location?.line ?? '?'}`;
  // A oneOf reports each alternative; the first one (a job that runs steps) is the one meant.
  const nested = 'states' in error ? (error.states?.[0]?.errors ?? []) : [];
  if (nested.length > 0) return nested.flatMap((inner) => describe(file, inner));
  return [`${file}#${where}: ${error.detail ?? error.title}`];
}

/** Every workflow file of the repository, validated: the problems, in file order. */
export function validateWorkflowFiles(dir = WORKFLOWS_DIR): { files: string[]; problems: string[] } {
  const files = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name));
  return { files, problems: files.flatMap((file) => workflowProblems(file, readFileSync(file, 'utf8'))) };
}
