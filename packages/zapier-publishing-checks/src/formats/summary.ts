/** How many rules passed, warned, failed or could not decide: the report's last line. */
import type { ResultStatus, RuleResult } from '../rule';

export interface Summary {
  checks: number;
  passed: number;
  warnings: number;
  failed: number;
  deferred: number;
}

export function summaryCounts(results: readonly RuleResult[]): Summary {
  const count = (status: ResultStatus) =>
    results.filter((result) => result.status === status).length;
  return {
    checks: results.length,
    passed: count('pass'),
    warnings: count('warning'),
    failed: count('failure'),
    deferred: count('deferred'),
  };
}

export function summaryLine(results: readonly RuleResult[]): string {
  const counts = summaryCounts(results);
  return (
    `${counts.checks} checks: ${counts.passed} passed, ${counts.warnings} with warnings, ` +
    `${counts.failed} failed, ${counts.deferred} not decided offline.`
  );
}
