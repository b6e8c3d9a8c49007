/** Every text written in the definition, with its path: what the URL and link rules (D007, D008, D025) read. */
import type { AppDefinition } from './definition';
import { isFunctionReference, isRecord } from './definition';

export interface Text {
  /** Where in the definition, e.g. `triggers.new_lead.display.description`. */
  path: string;
  /** The property that holds it: `description`, `url`. */
  key: string;
  value: string;
}

/** Every string of the definition, samples left out (they are data, not what the app uses). */
function* textsIn(value: unknown, path: string, key: string): Generator<Text> {
  if (typeof value === 'string') {
    if (!isFunctionReference(value)) {
      yield { path, key, value };
    }
  } else if (Array.isArray(value)) {
    for (const [index, element] of value.entries()) {
      yield* textsIn(element, `${path}[${index}]`, key);
    }
  } else if (isRecord(value)) {
    for (const [childKey, child] of Object.entries(value)) {
      if (childKey !== 'sample') {
        yield* textsIn(child, path === '' ? childKey : `${path}.${childKey}`, childKey);
      }
    }
  }
}

export const textsOf = (definition: AppDefinition) =>
  Array.from(textsIn(definition, '', ''));

/** Properties that hold an address the app calls: `url`, `authorizeUrl`, `refreshUrl`, … */
export const isUrlProperty = (key: string) => /^url$|Url$|URL$/.test(key);
