/**
 * The words users read in the Zap editor: Title Case labels (D018), trigger
 * descriptions (D021). A hidden step (a dropdown's source) is never shown,
 * and Zapier's schema makes its label and description optional: not read.
 */
import { visibleSteps } from '../definition';
import type { Check, Finding } from './check';
import { failure } from './check';

/**
 * Short function words that may stay lowercase inside a label ("Find or
 * Create Contact", "Add Subscriber to List"). Zapier does not publish its
 * rule for short words; every other word must start with a capital.
 */
const SMALL_WORDS = new Set(
  'a an the and but or nor for so yet as at by in of off on per to up via from into onto with vs'.split(
    ' ',
  ),
);

/** The words of a label that break Title Case. */
export function lowercaseWords(label: string): string[] {
  const words = label
    .split(/[\s/]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
  return words.filter((word, index) => {
    const first = word[0] ?? '';
    const startsLowercase = first !== first.toUpperCase();
    const isInside = index > 0 && index < words.length - 1;
    // Brand-style words ("iPhone", "eBay") carry their own capitals.
    const hasOwnCapitals = /\p{Lu}/u.test(word.slice(1));
    return startsLowercase && !(isInside && SMALL_WORDS.has(word)) && !hasOwnCapitals;
  });
}

export const D018: Check = {
  id: 'D018',
  requirement:
    'visible trigger, search, create and search-or-create labels are in Title Case ("New Lead")',
  run({ definition }): Finding[] {
    const labelled = [
      ...visibleSteps(definition).map((step) => ({
        path: step.path,
        display: step.definition.display,
      })),
      ...Object.entries(definition.searchOrCreates ?? {})
        .filter(([, step]) => step.display?.hidden !== true)
        .map(([key, step]) => ({
          path: `searchOrCreates.${key}`,
          display: step.display,
        })),
    ];
    return labelled.flatMap(({ path, display }) => {
      const label = display?.label ?? '';
      const wrong = lowercaseWords(label);
      return wrong.length === 0
        ? []
        : [
            failure(
              `${path}: capitalise ${wrong.map((word) => `"${word}"`).join(', ')} in the label "${label}"`,
            ),
          ];
    });
  },
};

/** "Triggers when", then what happens, then a full stop that ends the text. */
const TRIGGER_DESCRIPTION = /^Triggers when [^\s.].*\.$/s;

export const D021: Check = {
  id: 'D021',
  requirement:
    'every visible trigger description starts with "Triggers when " and ends with "."',
  run({ definition }): Finding[] {
    return visibleSteps(definition)
      .filter((step) => step.kind === 'trigger')
      .filter(
        (step) => !TRIGGER_DESCRIPTION.test(step.definition.display?.description ?? ''),
      )
      .map((step) =>
        failure(
          `${step.path}: write the description as "Triggers when … ." (it is "${step.definition.display?.description ?? ''}")`,
        ),
      );
  },
};
