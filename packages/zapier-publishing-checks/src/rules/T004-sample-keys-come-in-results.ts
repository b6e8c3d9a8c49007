import { defineRule, zapierReference } from '../rule';
import {
  RUN_MESSAGES,
  everyStep,
  itemsOf,
  keysOf,
  runsFromOf,
  stepAt,
} from '../shared/local-runs';
import { flatKeys, sampleOf } from '../shared/values';

export default defineRule({
  meta: {
    id: 'T004',
    name: 'sample-keys-come-in-results',
    category: 'publishing-task',
    categoryEvidence: "vc83-com's pasted validate table: under Publishing Tasks",
    requirement:
      'every key of a sample appears in the items perform returns on a local or live run',
    url: zapierReference('T004'),
    needs: ['definition', 'runs'],
    messages: {
      ...RUN_MESSAGES,
      noItemsReturned:
        'perform: its %{runsFrom} run returned no items; give it a delivery or input that yields one',
      missing: 'perform never returns %{keys}; drop them from the sample or return them',
    },
  },
  judges: { steps: everyStep, noun: 'trigger, search or create' },
  check(input, report) {
    for (const { path, items } of itemsOf(input, 'perform', everyStep, report, 'T004')) {
      const sample = sampleOf(stepAt(input.definition, path)?.operation);
      if (sample === undefined) {
        continue;
      }
      if (items.length === 0) {
        report.deferred({ step: path }, 'noItemsReturned', {
          runsFrom: runsFromOf(input),
        });
        continue;
      }
      const returned = keysOf(items);
      const missing = flatKeys(sample).filter((key) => !returned.has(key));
      if (missing.length > 0) {
        report({ step: path }, 'missing', {
          keys: missing.map((key) => `"${key}"`).join(', '),
        });
      }
    }
  },
});
