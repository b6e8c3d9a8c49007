import { defineRule, zapierReference } from '../rule';
import { hasPerformList } from '../shared/definition';
import { RUN_MESSAGES, itemsOf, keysOf } from '../shared/local-runs';

export default defineRule({
  meta: {
    id: 'T006',
    name: 'hook-list-keys-come-in-deliveries',
    category: 'publishing-task',
    categoryEvidence: "vc83-com's pasted validate table: under Publishing Tasks",
    requirement:
      "every key a hook's performList returns also comes in its perform's items on a delivery",
    url: zapierReference('T006'),
    needs: ['definition', 'runs'],
    messages: {
      ...RUN_MESSAGES,
      noDelivery:
        'perform returned no items on the delivery, so its keys cannot be compared',
      extraKeys:
        'performList returns %{keys} that no delivery brings; give both the same shape',
    },
  },
  judges: { steps: hasPerformList, noun: 'REST hook trigger with performList' },
  check(input, report) {
    const listed = itemsOf(input, 'performList', hasPerformList, report, 'T006');
    // perform not run or failed: said here too, T006 needs its items.
    const performed = itemsOf(input, 'perform', hasPerformList, report, 'T006');
    for (const { path, items } of listed) {
      const delivered = performed.find((each) => each.path === path);
      if (delivered === undefined) {
        continue;
      }
      if (delivered.items.length === 0) {
        report.deferred({ step: path }, 'noDelivery');
        continue;
      }
      const deliveredKeys = keysOf(delivered.items);
      const extra = [...keysOf(items)].filter((key) => !deliveredKeys.has(key));
      if (extra.length > 0) {
        report({ step: path }, 'extraKeys', {
          keys: extra.map((key) => `"${key}"`).join(', '),
        });
      }
    }
  },
});
