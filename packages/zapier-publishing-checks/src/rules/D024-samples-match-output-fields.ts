import { defineRule, zapierReference } from '../rule';
import type { Item } from '../input';
import type { FieldDefinition } from '../shared/definition';
import { isRecord, staticFields } from '../shared/definition';
import { outputFieldProblems, valueAt, visibleSamples } from '../shared/values';

/** The type a sample's value is of, as an output field declares it; undefined for a list or an object. */
function typeOfValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    default:
      return undefined;
  }
}

/** The type the sample's value suggests for an output field, when it is not the field's. */
function suggestedType(field: FieldDefinition, sample: Item): string | undefined {
  if (field.key === undefined || field.list === true || field.dict === true) {
    return undefined;
  }
  const type = typeOfValue(valueAt(sample, field.key));
  return type === undefined || type === (field.type ?? 'string') ? undefined : type;
}

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
    hasSuggestions: true,
    messages: {
      mismatch: 'the sample: %{problem}; make the sample and the output fields agree',
    },
  },
  check({ definition }, report) {
    for (const { step, sample } of visibleSamples(definition)) {
      const fields = staticFields(step.definition.operation?.outputFields);
      const reading = { untypedIsString: true, valuesListIsString: true };
      const written = step.definition.operation?.outputFields ?? [];
      for (const { key, problem } of outputFieldProblems(sample, fields, reading)) {
        const found = report({ step: step.path, field: key }, 'mismatch', { problem });
        const index = written.findIndex((field) => isRecord(field) && field.key === key);
        const field = fields.find((each) => each.key === key);
        const type = field === undefined ? undefined : suggestedType(field, sample);
        if (type !== undefined && index >= 0) {
          // The sample may be what is wrong: the author decides.
          found.suggest({
            description: 'declare the type the sample holds, if the sample is right',
            path: `${step.path}.operation.outputFields[${index}].type`,
            text: JSON.stringify(type),
          });
        }
      }
    }
  },
});
