import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The linters as they ship from npm, run as their command-line tools with the project's own
 * configuration files (`redocly.yaml`, `.spectral.yaml`), on a document written to a file.
 */

function withDocumentFile<T>(document: unknown, run: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Redocly with redocly.yaml: the exit status, and every problem line of its report. */
export function lintWithRedocly(document: unknown): { status: number | null; problems: string[] } {
  return withDocumentFile(document, (file) => {
    const lint = spawnSync(
      'node_modules/.bin/redocly',
      ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish'],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
      },
    );
    // Colour codes, should a terminal setting force them.
    const report = `${lint.stdout}\n${lint.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
    const problems = report
      .split('\n')
      .filter((line) => /^\s+\d+:\d+\s+(error|warning)\s/.test(line))
      .map((line) => line.trim());
    return { status: lint.status, problems };
  });
}

export interface SpectralFinding {
  code: string;
  /** Where, as a dotted path: `servers.0.url`. */
  path: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
}

const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;

/** Spectral with .spectral.yaml: every finding, of any severity (hints included). */
export function lintWithSpectral(document: unknown): SpectralFinding[] {
  return withDocumentFile(document, (file) => {
    const lint = spawnSync(
      'node_modules/.bin/spectral',
      ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', '--fail-severity', 'hint'],
      {
        encoding: 'utf8',
      },
    );
    let results: { code: string; path: (string | number)[]; severity: number; message: string }[];
    try {
      results = JSON.parse(lint.stdout);
    } catch {
      throw new Error(`spectral did not print JSON (exit ${lint.status}):\n${lint.stdout}\n${lint.stderr}`);
    }
    return results.map(({ code, path, severity, message }) => ({
      code,
      path: path.join('.'),
      severity: SEVERITIES[severity]!,
      message,
    }));
  });
}
