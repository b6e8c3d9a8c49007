/** Whether the items of a trigger's local runs respect its output fields: T005 (perform) and Z001 (performList). */
import type { RuleInput, RunMethod } from '../input';
import type { Report } from '../rule';
import { isHookTrigger, isTrigger } from './definition';
import { RUN_MESSAGES, itemsOf, outputFieldsAt } from './local-runs';
import { outputFieldProblems } from './values';

export const OUTPUT_FIELD_MESSAGES = {
  ...RUN_MESSAGES,
  mismatch:
    '%{method} item %{index}: %{problem}; make the code and the output fields agree',
} as const;

/** Reports each item of `method`'s runs that breaks its output fields; this rule explains runs without items. */
export function checkRunsAgainstOutputFields(
  input: RuleInput,
  method: RunMethod,
  report: Report<typeof OUTPUT_FIELD_MESSAGES>,
): void {
  // Zapier's T005 reads a trigger's live result; Z001 a hook's polling sample.
  const [applies, rule] =
    method === 'perform' ? [isTrigger, 'T005'] : [isHookTrigger, 'Z001'];
  for (const { path, items } of itemsOf(input, method, applies, report, rule)) {
    const fields = outputFieldsAt(input.definition, path);
    for (const [index, item] of items.entries()) {
      for (const { key, problem } of outputFieldProblems(item, fields)) {
        report({ step: path, field: key }, 'mismatch', { method, index, problem });
      }
    }
  }
}
