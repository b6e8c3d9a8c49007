import { defineRule, zapierReference } from '../rule';
import { hasPerformList } from '../shared/definition';
import {
  OUTPUT_FIELD_MESSAGES,
  checkRunsAgainstOutputFields,
} from '../shared/output-fields-of-runs';

export default defineRule({
  meta: {
    id: 'Z001',
    name: 'perform-list-results-match-output-fields',
    category: 'publishing-task',
    categoryEvidence: "vc83-com's pasted validate table: under Publishing Tasks",
    requirement:
      'the items performList returns on a local or live run respect the output fields (required present, types)',
    url: zapierReference('Z001'),
    needs: ['definition', 'runs'],
    messages: OUTPUT_FIELD_MESSAGES,
  },
  judges: { steps: hasPerformList, noun: 'REST hook trigger with performList' },
  check: (input, report) => checkRunsAgainstOutputFields(input, 'performList', report),
});
