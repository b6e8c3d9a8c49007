import { defineRule, zapierReference } from '../rule';
import { fieldsReferring } from '../shared/references';

/** The types a search-linked field may have: the ID a search finds is one value, text or a number. */
const SCALAR_TYPES = new Set([
  'string',
  'text',
  'password',
  'code',
  'copy',
  'number',
  'integer',
]);

/**
 * D014, "search connector without dynamic dropdown": a field that links a
 * search (`search`) is the search button of a dropdown, so it needs the
 * dropdown (`dynamic`) too; Zapier's newer page also has it hold one value
 * (string, number or integer; no list, dict or line items).
 */
export default defineRule({
  meta: {
    id: 'D014',
    name: 'search-links-have-dropdowns',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement:
      'a field with a search link ("search") also has a dynamic dropdown ("dynamic") and holds one value',
    url: zapierReference('D014'),
    needs: ['definition'],
    messages: {
      noDropdown:
        'give it a dynamic dropdown ("dynamic": "trigger_key.id.label") beside its "search"',
      notOneValue:
        'a search finds one value: make it a string, number or integer, without list, dict or children',
    },
  },
  check({ definition }, report) {
    for (const { field, place } of fieldsReferring(definition, 'search')) {
      if (typeof field.dynamic !== 'string') {
        report(place, 'noDropdown');
      }
      if (
        !SCALAR_TYPES.has(field.type ?? 'string') ||
        field.list === true ||
        field.dict === true ||
        field.children !== undefined
      ) {
        report(place, 'notOneValue');
      }
    }
  },
});
