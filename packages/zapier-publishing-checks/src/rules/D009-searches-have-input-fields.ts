import { defineRule, zapierReference } from '../rule';
import { stepsOf } from '../shared/definition';

export default defineRule({
  meta: {
    id: 'D009',
    name: 'searches-have-input-fields',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement: 'every search has at least one input field',
    url: zapierReference('D009'),
    needs: ['definition'],
    messages: { noInputField: 'add an input field to search by' },
  },
  check({ definition }, report) {
    for (const step of stepsOf(definition)) {
      if (
        step.kind === 'search' &&
        (step.definition.operation?.inputFields ?? []).length === 0
      ) {
        report({ step: step.path }, 'noInputField');
      }
    }
  },
});
