/** What a run found, counted as Zapier's summary counts its checks, and the entries a format prints. */
import type { LintResult } from '../lint';
import type { ReportEntry, ResultStatus } from '../rule';
import { blocks, entriesOf } from '../rule';

/** Checks by their worst finding that counts; then findings the config ignores, checks it turned off. */
export interface Summary {
  checks: number;
  passed: number;
  errors: number;
  publishingTasks: number;
  warnings: number;
  deferred: number;
  ignored: number;
  off: number;
}

/** Every entry of the checks and the versioning rules, in the order a report prints them. */
export const allEntries = (result: LintResult): ReportEntry[] => [
  ...entriesOf(result.results),
  ...(result.versioning?.entries ?? []),
];

export function summaryOf(result: LintResult): Summary {
  const count = (status: ResultStatus) =>
    result.results.filter((each) => each.status === status).length;
  return {
    checks: result.results.length,
    passed: count('pass'),
    errors: count('error'),
    publishingTasks: count('publishing-task'),
    warnings: count('warning'),
    deferred: count('deferred'),
    ignored: allEntries(result).filter((entry) => entry.ignored !== undefined).length,
    off: result.config.off.length,
  };
}

export function summaryLine(result: LintResult): string {
  const counts = summaryOf(result);
  const config = [
    ...(counts.ignored > 0 ? [`${counts.ignored} ignored`] : []),
    ...(counts.off > 0 ? [`${counts.off} off`] : []),
  ];
  return (
    `${counts.checks} checks: ${counts.passed} passed, ${counts.errors} with errors, ` +
    `${counts.publishingTasks} with publishing tasks, ${counts.warnings} with warnings, ` +
    `${counts.deferred} not decided offline${config.map((each) => `, ${each}`).join('')}.`
  );
}

/** `--quiet`: only what blocks (errors and publishing tasks) that the config does not ignore. */
export const shown = (entry: ReportEntry, quiet: boolean) =>
  !quiet || (entry.ignored === undefined && blocks(entry.status));

/** Warnings that count for `--max-warnings`: findings not ignored, and config entries that match nothing. */
export const warningCount = (result: LintResult) =>
  allEntries(result).filter(
    (entry) => entry.ignored === undefined && entry.status === 'warning',
  ).length + result.config.unused.length;

/** The line a config's unused ignore entry prints as, ESLint's unused disable directive. */
export const unusedLine = (entry: { check: string; at: string }) =>
  `the ignore entry for ${entry.check} at "${entry.at}" matches no finding: remove it, or correct its place`;
