import { defineRule, zapierReference } from '../rule';
import { isPollingTrigger } from '../shared/definition';
import { RUN_MESSAGES, itemsOf, outputFieldsAt } from '../shared/local-runs';
import { hasKey, primaryKeys } from '../shared/values';

export default defineRule({
  meta: {
    id: 'T002',
    name: 'polling-results-carry-primary-keys',
    category: 'publishing-task',
    categoryEvidence: "vc83-com's pasted validate table: under Publishing Tasks",
    requirement:
      'every item a polling trigger returns on a local or live run carries its primary key (id, or the fields marked primary); hooks are exempt, as in core',
    url: zapierReference('T002'),
    needs: ['definition', 'runs'],
    messages: {
      ...RUN_MESSAGES,
      noPrimaryKey: 'perform item %{index}: return %{keys} with every item',
    },
  },
  judges: { steps: isPollingTrigger, noun: 'polling trigger' },
  check(input, report) {
    for (const { path, items } of itemsOf(
      input,
      'perform',
      isPollingTrigger,
      report,
      'T002',
    )) {
      const keys = primaryKeys(outputFieldsAt(input.definition, path));
      for (const [index, item] of items.entries()) {
        const missing = keys.filter((key) => !hasKey(item, key));
        if (missing.length > 0) {
          report({ step: path }, 'noPrimaryKey', {
            index,
            keys: missing.map((key) => `"${key}"`).join(', '),
          });
        }
      }
    }
  },
});
