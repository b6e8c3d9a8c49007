import { defineRule, zapierReference } from '../rule';
import type { FieldDefinition } from '../shared/definition';
import { authFieldsOf, inputFieldsOf, visibleSteps } from '../shared/definition';

/** A text as Zapier compares label and help: lower case, letters and digits only. */
const normalised = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Help text that is the label again, once case, spaces and punctuation are
 * ignored ("Custom Field1" for "Custom Field 1"): what Zapier reports. Help
 * that says a little more ("Lead last name." for "Last Name") it does not.
 */
const repeatsLabel = (field: FieldDefinition) =>
  field.helpText !== undefined &&
  field.label !== undefined &&
  normalised(field.helpText) !== '' &&
  normalised(field.helpText) === normalised(field.label);

export default defineRule({
  meta: {
    id: 'D011',
    name: 'help-text-is-not-the-label',
    category: 'publishing-task',
    categoryEvidence: "vcita 7ac91b1: 'clear publishing-task lint (D011/D012/D018/D024)'",
    requirement:
      'no help text is its field label again (case, spaces and punctuation aside)',
    url: zapierReference('D011'),
    needs: ['definition'],
    fixable: 'text',
    messages: {
      repeatsLabel:
        'the help text "%{helpText}" is its label: explain the field, or drop the help text',
    },
  },
  check({ definition }, report) {
    const fields = [
      ...authFieldsOf(definition),
      // A hidden step's fields are never shown.
      ...visibleSteps(definition).flatMap(inputFieldsOf),
    ];
    for (const { field, place } of fields) {
      if (repeatsLabel(field)) {
        const helpText = field.helpText ?? '';
        // The fix drops the help text: it says nothing the label does not.
        report(place, 'repeatsLabel', { helpText }).fix({
          path: `${place.path}.helpText`,
          value: helpText,
          text: null,
        });
      }
    }
  },
});
