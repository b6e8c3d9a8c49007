/**
 * The rules in the order of Zapier's integration-checks reference (by letter,
 * then number: D001 … D028, M002, T002 … T006, Z001), then this package's own
 * (`local:…`). Only the runner and the command line read it: a rule never
 * depends on the list of rules.
 */
import type { Rule } from './rule';
import * as rules from './rules';

/** Zapier's IDs first, by letter then number; this package's own last, by name. */
function zapierOrder(a: Rule, b: Rule): number {
  const isLocal = (rule: Rule) => rule.meta.id.startsWith('local:');
  if (isLocal(a) !== isLocal(b)) {
    return isLocal(a) ? 1 : -1;
  }
  return a.meta.id.localeCompare(b.meta.id, 'en', { numeric: true });
}

export const RULES: readonly Rule[] = Object.values(rules).sort(zapierOrder);
