import { defineRule, zapierReference } from '../rule';
import { staticFields } from '../shared/definition';
import { outputFieldProblems, visibleSamples } from '../shared/values';

export default defineRule({
  meta: {
    id: 'D024',
    name: 'samples-match-output-fields',
    category: 'warning',
    categoryEvidence: "vc83-com's pasted validate table: under Warnings",
    requirement:
      "every sample holds its required output fields, with values of each field's type",
    url: zapierReference('D024'),
    needs: ['definition'],
    messages: {
      mismatch: 'the sample: %{problem}; make the sample and the output fields agree',
    },
  },
  check({ definition }, report) {
    for (const { step, sample } of visibleSamples(definition)) {
      const fields = staticFields(step.definition.operation?.outputFields);
      const reading = { untypedIsString: true, valuesListIsString: true };
      for (const { key, problem } of outputFieldProblems(sample, fields, reading)) {
        report({ step: step.path, field: key }, 'mismatch', { problem });
      }
    }
  },
});
