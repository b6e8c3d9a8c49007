import { defineRule, zapierReference } from '../rule';
import { fieldsReferring } from '../shared/references';

export default defineRule({
  meta: {
    id: 'D013',
    name: 'search-references-name-searches',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement:
      'every "search" reference on a field ("search_key.id") names an existing search',
    url: zapierReference('D013'),
    needs: ['definition'],
    messages: {
      noSuchSearch:
        '"search": "%{reference}" names no search of the app; point it at an existing search',
    },
  },
  check({ definition }, report) {
    const searches = new Set(Object.keys(definition.searches ?? {}));
    for (const { place, reference } of fieldsReferring(definition, 'search')) {
      if (!searches.has(reference.split('.')[0] ?? '')) {
        report(place, 'noSuchSearch', { reference });
      }
    }
  },
});
