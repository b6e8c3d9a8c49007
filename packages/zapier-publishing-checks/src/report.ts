/**
 * One line per finding (one per passing check): ID, status, what to change,
 * and Zapier's reference for the ID.
 */
import type { CheckResult } from './runner';
import { referenceFor } from './runner';

export const MARK = { pass: '✔', warning: '!', failure: '✖', deferred: '?' } as const;

export function reportLines(results: CheckResult[]): string[] {
  return results.flatMap((result) => {
    const head = `${MARK[result.status]} ${result.id} ${result.status.padEnd(7)}`;
    const link = referenceFor(result.id);
    if (result.findings.length === 0) {
      return [`${head} ${result.requirement}: nothing to change. ${link}`];
    }
    return result.findings.map(
      (finding) =>
        `${MARK[finding.severity]} ${result.id} ${finding.severity.padEnd(7)} ${finding.change}. ${link}`,
    );
  });
}

export function summary(results: CheckResult[]): string {
  const count = (status: CheckResult['status']) =>
    results.filter((result) => result.status === status).length;
  return (
    `${results.length} checks: ${count('pass')} passed, ${count('warning')} with warnings, ` +
    `${count('failure')} failed, ${count('deferred')} not decided offline.`
  );
}
