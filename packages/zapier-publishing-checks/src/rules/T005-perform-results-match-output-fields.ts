import { defineRule, zapierReference } from '../rule';
import { isTrigger } from '../shared/definition';
import {
  OUTPUT_FIELD_MESSAGES,
  checkRunsAgainstOutputFields,
} from '../shared/output-fields-of-runs';

export default defineRule({
  meta: {
    id: 'T005',
    name: 'perform-results-match-output-fields',
    category: 'publishing-task',
    categoryEvidence: "vc83-com's pasted validate table: under Publishing Tasks",
    requirement:
      'the items perform returns on a local or live run respect the output fields (required present, types)',
    url: zapierReference('T005'),
    needs: ['definition', 'runs'],
    messages: OUTPUT_FIELD_MESSAGES,
  },
  judges: { steps: isTrigger, noun: 'trigger' },
  check: (input, report) => checkRunsAgainstOutputFields(input, 'perform', report),
});
