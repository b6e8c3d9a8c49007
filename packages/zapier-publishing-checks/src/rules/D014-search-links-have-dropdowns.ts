import { defineRule, zapierReference } from '../rule';
import { fieldsReferring } from '../shared/references';

/**
 * D014, "search connector without dynamic dropdown": a field that links a
 * search (`search`) is the search button of a dropdown, so it needs the
 * dropdown (`dynamic`) too. A field with both passes, whatever else it is.
 */
export default defineRule({
  meta: {
    id: 'D014',
    name: 'search-links-have-dropdowns',
    category: 'publishing-task',
    requirement:
      'a field with a search link ("search") also has a dynamic dropdown ("dynamic")',
    url: zapierReference('D014'),
    needs: ['definition'],
    messages: {
      noDropdown:
        'give it a dynamic dropdown ("dynamic": "trigger_key.id.label") beside its "search"',
    },
  },
  check({ definition }, report) {
    for (const { field, place } of fieldsReferring(definition, 'search')) {
      if (typeof field.dynamic !== 'string') {
        report(place, 'noDropdown');
      }
    }
  },
});
