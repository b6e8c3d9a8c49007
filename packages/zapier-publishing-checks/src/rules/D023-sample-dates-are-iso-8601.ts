import { defineRule, zapierReference } from '../rule';
import { staticFields } from '../shared/definition';
import { nonIsoDates, visibleSamples } from '../shared/values';

export default defineRule({
  meta: {
    id: 'D023',
    name: 'sample-dates-are-iso-8601',
    category: 'warning',
    categoryEvidence: null,
    requirement:
      'dates in samples are ISO 8601, and a date with a time carries its zone (2026-03-14T09:26:53Z)',
    url: zapierReference('D023'),
    needs: ['definition'],
    messages: {
      notIso:
        "the sample's %{value}: write it as ISO 8601 with a zone, e.g. 2026-03-14T09:26:53Z",
    },
  },
  check({ definition }, report) {
    for (const { step, sample } of visibleSamples(definition)) {
      const fields = staticFields(step.definition.operation?.outputFields);
      for (const { key, value } of nonIsoDates(sample, fields)) {
        report({ step: step.path, field: key }, 'notIso', { value: `${key}: ${value}` });
      }
    }
  },
});
