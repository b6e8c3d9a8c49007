import { defineRule, zapierReference } from '../rule';
import { staticFields, visibleSteps } from '../shared/definition';

export default defineRule({
  meta: {
    id: 'D022',
    name: 'creates-have-static-input-fields',
    category: 'warning',
    categoryEvidence: null,
    requirement: 'every visible create has static (not only dynamic) input fields',
    url: zapierReference('D022'),
    needs: ['definition'],
    messages: {
      none: 'give it an input field the user fills in; it declares none',
      onlyComputed:
        'declare at least one input field in the definition, not only in a function',
    },
  },
  check({ definition }, report) {
    // A hidden create is no step a user fills in.
    for (const step of visibleSteps(definition)) {
      const fields = step.definition.operation?.inputFields ?? [];
      if (step.kind === 'create' && staticFields(fields).length === 0) {
        report({ step: step.path }, fields.length === 0 ? 'none' : 'onlyComputed');
      }
    }
  },
});
