import { defineRule, zapierReference } from '../rule';

export default defineRule({
  meta: {
    id: 'D015',
    name: 'search-or-creates-name-their-steps',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement: 'every search-or-create names an existing search and an existing create',
    url: zapierReference('D015'),
    needs: ['definition'],
    messages: {
      noSuchSearch: '"search" must name an existing search',
      noSuchCreate: '"create" must name an existing create',
    },
  },
  check({ definition }, report) {
    for (const [key, searchOrCreate] of Object.entries(
      definition.searchOrCreates ?? {},
    )) {
      const place = { step: `searchOrCreates.${key}` };
      if (!Object.hasOwn(definition.searches ?? {}, searchOrCreate.search ?? '')) {
        report(place, 'noSuchSearch');
      }
      if (!Object.hasOwn(definition.creates ?? {}, searchOrCreate.create ?? '')) {
        report(place, 'noSuchCreate');
      }
    }
  },
});
