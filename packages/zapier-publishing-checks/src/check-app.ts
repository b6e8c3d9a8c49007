/** Runs the rules over what was read of an app: one result per rule, in the registry's order. */
import type { RuleInput } from './input';
import { RULES } from './registry';
import type { Finding, Rule, RuleResult } from './rule';
import { worstOf } from './rule';
import { visibleSteps } from './shared/definition';
import { messageOf } from './shared/messages';

/** A rule that throws is an error, saying so: it never passes by accident. */
function findingsOf(rule: Rule, input: RuleInput): Finding[] {
  try {
    return rule.check(input);
  } catch (error) {
    return [
      {
        status: 'error',
        messageId: 'crashed',
        message: `this tool could not run the check, so this is not Zapier's verdict: ${messageOf(error)}. A definition Zapier's schema refuses can do this (was --skip-schema given?); if the schema passes, it is a bug in zapier-publishing-checks: please report it`,
        place: {},
      },
    ];
  }
}

export function checkApp(input: RuleInput, rules: readonly Rule[] = RULES): RuleResult[] {
  const steps = visibleSteps(input.definition);
  return rules.map((rule) => {
    const findings = findingsOf(rule, input);
    const { judges } = rule;
    const judgedNothing =
      findings.length === 0 &&
      judges !== undefined &&
      !steps.some((step) => judges.steps(step));
    return {
      meta: rule.meta,
      status: worstOf(findings),
      findings,
      ...(judgedNothing ? { nothingToJudge: `no visible ${judges.noun}` } : {}),
    };
  });
}
