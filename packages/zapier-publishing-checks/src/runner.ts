/** Runs every check over one input and says, per check, pass, warning or failure. */
import type { Check, CheckInput, Finding } from './checks/check';
import { ALL_CHECKS } from './checks';
import { messageOf } from './messages';

export type Status = 'pass' | 'warning' | 'failure' | 'deferred';

export interface CheckResult {
  id: string;
  status: Status;
  requirement: string;
  findings: Finding[];
}

export const REFERENCE_URL =
  'https://docs.zapier.com/platform/publish/integration-checks-reference';

/** This package's own checks (`local:…`) are explained on its rules page, not Zapier's. */
export const LOCAL_REFERENCE = 'zapier-publishing-checks docs/rules.md';

export const referenceFor = (id: string) =>
  id.startsWith('local:') ? `${LOCAL_REFERENCE} (${id})` : `${REFERENCE_URL}#${id}`;

/** The worst of a check's findings: failure, then warning, then deferred; none is a pass. */
function statusOf(findings: Finding[]): Status {
  for (const severity of ['failure', 'warning', 'deferred'] as const) {
    if (findings.some((finding) => finding.severity === severity)) {
      return severity;
    }
  }
  return 'pass';
}

/** A check that throws fails, saying so: it never passes by accident. */
function findingsOf(check: Check, input: CheckInput): Finding[] {
  try {
    return check.run(input);
  } catch (error) {
    const message = messageOf(error);
    return [
      {
        severity: 'failure',
        change: `the check itself failed (${message}): the definition may have a shape it cannot read; fix that, or report it`,
      },
    ];
  }
}

export function runCheck(check: Check, input: CheckInput): CheckResult {
  const findings = findingsOf(check, input);
  return {
    id: check.id,
    status: statusOf(findings),
    requirement: check.requirement,
    findings,
  };
}

export function runChecks(
  input: CheckInput,
  checks: readonly Check[] = ALL_CHECKS,
): CheckResult[] {
  return checks.map((check) => runCheck(check, input));
}
