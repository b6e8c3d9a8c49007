import { defineRule, zapierReference } from '../rule';
import { RUN_MESSAGES, everyStep, itemsOf, outputFieldsAt } from '../shared/local-runs';
import { nonIsoDates } from '../shared/values';

export default defineRule({
  meta: {
    id: 'T003',
    name: 'result-dates-are-iso-8601',
    category: 'warning',
    categoryEvidence: "vc83-com's pasted validate table: under Warnings",
    requirement: 'dates in the results of local or live runs are ISO 8601 with a zone',
    url: zapierReference('T003'),
    needs: ['definition', 'runs'],
    messages: {
      ...RUN_MESSAGES,
      notIso:
        '%{method} %{value}: return dates as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z',
    },
  },
  judges: { steps: everyStep, noun: 'trigger, search or create' },
  check(input, report) {
    for (const method of ['perform', 'performList'] as const) {
      for (const { path, items } of itemsOf(input, method, everyStep, report, 'T003')) {
        const fields = outputFieldsAt(input.definition, path);
        for (const { key, value } of items.flatMap((item) => nonIsoDates(item, fields))) {
          report({ step: path, field: key }, 'notIso', {
            method,
            value: `${key}: ${value}`,
          });
        }
      }
    }
  },
});
