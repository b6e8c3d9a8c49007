/** Runs the rules over what was read of an app: one result per rule, in the registry's order. */
import type { RuleInput } from './input';
import { RULES } from './registry';
import type { Finding, Rule, RuleResult } from './rule';
import { worstOf } from './rule';
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
        message: `the check itself failed (${messageOf(error)}): the definition may have a shape it cannot read; fix that, or report it`,
        place: {},
      },
    ];
  }
}

export function checkApp(input: RuleInput, rules: readonly Rule[] = RULES): RuleResult[] {
  return rules.map((rule) => {
    const findings = findingsOf(rule, input);
    return { meta: rule.meta, status: worstOf(findings), findings };
  });
}
