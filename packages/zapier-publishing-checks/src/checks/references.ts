/** References between steps: dynamic dropdowns, search links, search-or-creates (D005, D013, D014, D015). */
import type { AppDefinition, FieldDefinition } from '../definition';
import { staticFields, stepsOf } from '../definition';
import type { Check, Finding } from './check';
import { failure } from './check';

function fieldsWith(definition: AppDefinition, property: 'dynamic' | 'search') {
  return stepsOf(definition).flatMap((step) =>
    staticFields(step.definition.operation?.inputFields)
      .filter(
        (field): field is FieldDefinition & Record<typeof property, string> =>
          typeof field[property] === 'string',
      )
      .map((field) => ({
        field,
        reference: field[property],
        at: `${step.path} input field ${field.key ?? '?'}`,
      })),
  );
}

export const dynamicReferencesNameTriggers: Check = {
  id: 'D005',
  requirement:
    'every dynamic dropdown ("trigger_key.id.label") names an existing trigger',
  run({ definition }): Finding[] {
    const triggers = new Set(Object.keys(definition.triggers ?? {}));
    return fieldsWith(definition, 'dynamic')
      .filter(({ reference }) => !triggers.has(reference.split('.')[0] ?? ''))
      .map(({ at, reference }) =>
        failure(
          `${at}: "dynamic": "${reference}" names no trigger of the app; point it at an existing trigger`,
        ),
      );
  },
};

export const searchReferencesNameSearches: Check = {
  id: 'D013',
  requirement:
    'every "search" reference on a field ("search_key.id") names an existing search',
  run({ definition }): Finding[] {
    const searches = new Set(Object.keys(definition.searches ?? {}));
    return fieldsWith(definition, 'search')
      .filter(({ reference }) => !searches.has(reference.split('.')[0] ?? ''))
      .map(({ at, reference }) =>
        failure(
          `${at}: "search": "${reference}" names no search of the app; point it at an existing search`,
        ),
      );
  },
};

/**
 * D014, "search connector without dynamic dropdown": a field that links a
 * search (`search`) is the search button of a dropdown, so it needs the
 * dropdown (`dynamic`) too. A field with both passes, whatever else it is.
 */
export const searchLinkedFieldsHaveDropdowns: Check = {
  id: 'D014',
  requirement:
    'a field with a search link ("search") also has a dynamic dropdown ("dynamic")',
  run({ definition }): Finding[] {
    return fieldsWith(definition, 'search')
      .filter(({ field }) => typeof field.dynamic !== 'string')
      .map(({ at }) =>
        failure(
          `${at}: give it a dynamic dropdown ("dynamic": "trigger_key.id.label") beside its "search"`,
        ),
      );
  },
};

export const searchOrCreatesNameTheirSteps: Check = {
  id: 'D015',
  requirement: 'every search-or-create names an existing search and an existing create',
  run({ definition }): Finding[] {
    const findings: Finding[] = [];
    for (const [key, searchOrCreate] of Object.entries(
      definition.searchOrCreates ?? {},
    )) {
      if (!Object.hasOwn(definition.searches ?? {}, searchOrCreate.search ?? '')) {
        findings.push(
          failure(`searchOrCreates.${key}: "search" must name an existing search`),
        );
      }
      if (!Object.hasOwn(definition.creates ?? {}, searchOrCreate.create ?? '')) {
        findings.push(
          failure(`searchOrCreates.${key}: "create" must name an existing create`),
        );
      }
    }
    return findings;
  },
};
