import { defineRule, zapierReference } from '../rule';
import { stepsOf } from '../shared/definition';

export default defineRule({
  meta: {
    id: 'D028',
    name: 'clean-input-data-is-off',
    category: 'warning',
    requirement:
      'cleanInputData is not set to true (unset counts as passing here: Zapier does not document whether it warns)',
    url: zapierReference('D028'),
    needs: ['definition'],
    messages: {
      on: 'cleanInputData is true: set it to false and handle empty values in code',
    },
  },
  check({ definition }, report) {
    if (definition.flags?.cleanInputData === true) {
      report({ path: 'flags.cleanInputData' }, 'on');
    }
    for (const step of stepsOf(definition)) {
      if (step.definition.operation?.cleanInputData === true) {
        report({ step: step.path, path: `${step.path}.operation.cleanInputData` }, 'on');
      }
    }
  },
});
