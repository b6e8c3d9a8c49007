import { defineRule, zapierReference } from '../rule';
import { appNameOf } from '../shared/app-name';
import type { FieldDefinition } from '../shared/definition';
import { authFieldsOf, inputFieldsOf, stepsOf } from '../shared/definition';
import { singular, wordsOf } from '../shared/words';

/**
 * Words that carry no meaning of their own in help text: articles, pronouns,
 * prepositions, auxiliaries, and the openings that ask for a value ("Enter",
 * "Choose your", "Please select"). "The name of the team." says no more than
 * "Team Name".
 */
const NOT_CONTENT = new Set(
  [
    'a an the this that these those each any some',
    'i me my we our you your yours it its they them their',
    'is are be been was were will can could should would may might must do does',
    'of for to in on at by with from into as about and or',
    'please enter type input provide specify fill choose select pick set give add write put',
    'here want wish like use used which what whose who',
    // The editor shows a field's name and whether it is required itself.
    'field value optional required',
  ]
    .join(' ')
    .split(' '),
);

/** The words of a text that carry meaning, each in the singular. */
const contentWords = (text: string) =>
  new Set(
    wordsOf(text)
      .filter((word) => !NOT_CONTENT.has(word))
      .map(singular),
  );

/**
 * Help text that adds no content word to what the user already reads: the
 * field's label and, beside it, the step's label and noun ("Input variables
 * for the agent" in Run Agent) and the app's name.
 */
function repeatsLabel(field: FieldDefinition, context: string): boolean {
  if (field.helpText === undefined || field.label === undefined) {
    return false;
  }
  const shown = contentWords(`${field.label} ${context}`);
  return [...contentWords(field.helpText)].every((word) => shown.has(word));
}

export default defineRule({
  meta: {
    id: 'D011',
    name: 'help-text-says-more-than-the-label',
    category: 'publishing-task',
    requirement: 'help text says more than the field label',
    url: zapierReference('D011'),
    needs: ['definition', 'listing', 'sources'],
    messages: {
      repeatsLabel: 'make the help text explain the field, not repeat its label',
    },
  },
  check(input, report) {
    // The app's name is on every screen of it.
    const appName = appNameOf(input);
    const fields = [
      ...authFieldsOf(input.definition).map((entry) => ({ ...entry, context: appName })),
      ...stepsOf(input.definition).flatMap((step) =>
        inputFieldsOf(step).map((entry) => ({
          ...entry,
          context: `${appName} ${step.definition.display?.label ?? ''} ${step.definition.noun ?? ''}`,
        })),
      ),
    ];
    for (const { field, place, context } of fields) {
      if (repeatsLabel(field, context)) {
        report(place, 'repeatsLabel');
      }
    }
  },
});
