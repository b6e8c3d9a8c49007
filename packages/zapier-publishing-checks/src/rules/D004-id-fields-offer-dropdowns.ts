import { defineRule, zapierReference } from '../rule';
import type { AppDefinition, FieldDefinition } from '../shared/definition';
import { inputFieldsOf, isRecord, stepsOf, visibleSteps } from '../shared/definition';
import { endsInIdWord } from '../shared/ids';
import { singular, wordsOf } from '../shared/words';

/** An object's name run together with an ID word: `projectid`, `useruid`, a lowercase key's last word. */
const RUN_TOGETHER_ID = /^([a-z]{2,}?)(?:u?ids?|guids?|uuids?)$/;

/**
 * The words the app names its objects with: its steps' keys and nouns, and
 * its fields' keys, each in the singular. A run-together `projectid` names
 * an ID when "project" is one of them; `repaid` or `humanoid` is a word.
 */
function objectWordsOf(definition: AppDefinition): Set<string> {
  const words = stepsOf(definition).flatMap((step) => [
    ...wordsOf(step.key),
    ...wordsOf(step.definition.noun ?? ''),
    ...inputFieldsOf(step).flatMap(({ field }) => wordsOf(field.key ?? '')),
  ]);
  return new Set(words.map(singular));
}

/**
 * Whether a key or label names an ID: its last word is one ("Contact IDs
 * (comma-separated)": what is in brackets, or after " - ", is a note), or
 * runs one of the app's object words together with one (`projectid`).
 */
function namesAnId(text: string, objectWords: ReadonlySet<string>): boolean {
  const named = (text.split(/\s[-–—]\s/)[0] ?? '').replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  if (endsInIdWord(named)) {
    return true;
  }
  const object = RUN_TOGETHER_ID.exec(wordsOf(named).at(-1) ?? '')?.[1];
  return object !== undefined && objectWords.has(singular(object));
}

/** Choices written out (a list or a value-to-label map), or a function that gives them (`{ perform }`, core 19). */
const offersChoices = (field: FieldDefinition) =>
  field.dynamic !== undefined ||
  (Array.isArray(field.choices) && field.choices.length > 0) ||
  (isRecord(field.choices) && Object.keys(field.choices).length > 0);

/**
 * Zapier reads the field, not what the app could list: an ID of a search's
 * lookup, of a record a create makes, or of the user's other system is
 * reported as much as a list's (verdicts in docs/rules/D004.md).
 */
export default defineRule({
  meta: {
    id: 'D004',
    name: 'id-fields-offer-dropdowns',
    category: 'warning',
    categoryEvidence: 'vcita ca815f7, zapier-beliq: general (non-blocking) warnings',
    requirement:
      'every input field of a visible step whose key or label names an ID offers a dropdown',
    url: zapierReference('D004'),
    needs: ['definition'],
    messages: {
      noDropdown: 'give it a dynamic dropdown ("dynamic": "trigger_key.id.label")',
    },
  },
  check({ definition }, report) {
    const objectWords = objectWordsOf(definition);
    for (const step of visibleSteps(definition)) {
      for (const { field, place } of inputFieldsOf(step)) {
        if (
          (namesAnId(field.key ?? '', objectWords) ||
            namesAnId(field.label ?? '', objectWords)) &&
          !offersChoices(field)
        ) {
          report(place, 'noDropdown');
        }
      }
    }
  },
});
