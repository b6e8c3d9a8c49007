/** How many rules passed, and how many found errors, publishing tasks, warnings or could not decide: the report's last line. */
import type { ResultStatus, RuleResult } from '../rule';

/** Rules by their worst finding, as Zapier's own summary counts its checks. */
export interface Summary {
  checks: number;
  passed: number;
  errors: number;
  publishingTasks: number;
  warnings: number;
  deferred: number;
}

export function summaryCounts(results: readonly RuleResult[]): Summary {
  const count = (status: ResultStatus) =>
    results.filter((result) => result.status === status).length;
  return {
    checks: results.length,
    passed: count('pass'),
    errors: count('error'),
    publishingTasks: count('publishing-task'),
    warnings: count('warning'),
    deferred: count('deferred'),
  };
}

export function summaryLine(results: readonly RuleResult[]): string {
  const counts = summaryCounts(results);
  return (
    `${counts.checks} checks: ${counts.passed} passed, ${counts.errors} with errors, ` +
    `${counts.publishingTasks} with publishing tasks, ${counts.warnings} with warnings, ` +
    `${counts.deferred} not decided offline.`
  );
}
