import { defineRule, zapierReference } from '../rule';
import { isRecord, staticFields } from '../shared/definition';
import { isoAsUtc, isoWithZone, nonIsoDates, visibleSamples } from '../shared/values';

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
    // A value whose zone it gives is rewritten; one without, its zone only suggested.
    fixable: 'text',
    hasSuggestions: true,
  },
  check({ definition }, report) {
    for (const { step, sample } of visibleSamples(definition)) {
      const fields = staticFields(step.definition.operation?.outputFields);
      const written = step.definition.operation?.sample;
      for (const { key, value } of nonIsoDates(sample, fields)) {
        const found = report({ step: step.path, field: key }, 'notIso', {
          value: `${key}: ${value}`,
        });
        // Only a value the sample's literal holds itself, at its top level.
        const own = isRecord(written) ? written[key] : undefined;
        if (
          typeof own !== 'string' ||
          JSON.stringify(own) !== value ||
          /[.[]/.test(key)
        ) {
          continue;
        }
        const path = `${step.path}.operation.sample.${key}`;
        const iso = isoWithZone(own);
        const utc = iso === undefined ? isoAsUtc(own) : undefined;
        if (iso !== undefined) {
          found.fix({ path, value: own, text: iso });
        } else if (utc !== undefined) {
          found.suggest({
            description: 'if the time is UTC, say so: the value gives no zone',
            path,
            text: JSON.stringify(utc),
          });
        }
      }
    }
  },
});
