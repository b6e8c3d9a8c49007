import { defineRule, zapierReference } from '../rule';
import { isPollingTrigger, staticFields } from '../shared/definition';
import { hasKey, primaryKeys, visibleSamples } from '../shared/values';

export default defineRule({
  meta: {
    id: 'D010',
    name: 'polling-samples-have-primary-keys',
    category: 'warning',
    categoryEvidence: null,
    requirement:
      'the sample of every polling trigger holds its primary key (id, or the output fields marked primary)',
    url: zapierReference('D010'),
    needs: ['definition'],
    messages: {
      noPrimaryKey:
        'add "%{key}" to the sample (Zapier deduplicates polling results by it)',
    },
  },
  check({ definition }, report) {
    for (const { step, sample } of visibleSamples(definition)) {
      if (!isPollingTrigger(step)) {
        continue;
      }
      for (const key of primaryKeys(
        staticFields(step.definition.operation?.outputFields),
      )) {
        if (!hasKey(sample, key)) {
          report({ step: step.path }, 'noPrimaryKey', { key });
        }
      }
    }
  },
});
