/** Runs every check over one input and says, per check, pass, warning or failure. */
import type { Check, CheckInput, Finding } from './checks/check';
import { ALL_CHECKS } from './checks';
import { messageOf } from '../harness/error-message';

export type Status = 'pass' | 'warning' | 'failure';

export interface CheckResult {
  id: string;
  status: Status;
  requirement: string;
  findings: Finding[];
}

export const REFERENCE_URL =
  'https://docs.zapier.com/platform/publish/integration-checks-reference';

export const referenceFor = (id: string) => `${REFERENCE_URL}#${id}`;

function statusOf(findings: Finding[]): Status {
  if (findings.some((finding) => finding.severity === 'failure')) {
    return 'failure';
  }
  return findings.length > 0 ? 'warning' : 'pass';
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
