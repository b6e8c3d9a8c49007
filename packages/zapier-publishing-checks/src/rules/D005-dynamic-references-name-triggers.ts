import { defineRule, zapierReference } from '../rule';
import { fieldsReferring } from '../shared/references';

export default defineRule({
  meta: {
    id: 'D005',
    name: 'dynamic-references-name-triggers',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement:
      'every dynamic dropdown ("trigger_key.id.label") names an existing trigger',
    url: zapierReference('D005'),
    needs: ['definition'],
    messages: {
      noSuchTrigger:
        '"dynamic": "%{reference}" names no trigger of the app; point it at an existing trigger',
    },
  },
  check({ definition }, report) {
    const triggers = new Set(Object.keys(definition.triggers ?? {}));
    for (const { place, reference } of fieldsReferring(definition, 'dynamic')) {
      if (!triggers.has(reference.split('.')[0] ?? '')) {
        report(place, 'noSuchTrigger', { reference });
      }
    }
  },
});
