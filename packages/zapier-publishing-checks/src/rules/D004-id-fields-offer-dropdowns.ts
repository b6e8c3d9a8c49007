import { defineRule, zapierReference } from '../rule';
import type { FieldDefinition } from '../shared/definition';
import { inputFieldsOf, isRecord, visibleSteps } from '../shared/definition';
import { wordsOf } from '../shared/words';

/** The last words that name an identifier: `list_id`, `listID`, "List Guid", `entity_uid`, `tag_ids`. */
const ID_WORDS = new Set(['id', 'ids', 'uid', 'uids', 'guid', 'guids', 'uuid', 'uuids']);

/** An object's name run together with "id" (`projectid`, `userid`): a lowercase key's last word. */
const RUN_TOGETHER_ID = /^[a-z]{2,}(?:u?ids?|guids?|uuids?)$/;

/** English words that end in "id" and name no identifier. */
const WORDS_ENDING_IN_ID = new Set(
  (
    'paid unpaid prepaid postpaid valid invalid void avoid android fluid liquid rapid solid ' +
    'hybrid acid squid stupid vivid humid timid rigid lucid candid splendid orchid pyramid ' +
    'david madrid druid droid grid lid bid kid mid rid hid did said laid raid maid braid ' +
    'afraid aid plaid staid eyelid forbid outbid amid arachnid overlaid mislaid'
  ).split(' '),
);

/**
 * Whether a key or label names an ID: its last word is one ("Contact IDs
 * (comma-separated)": what is in brackets, or after " - ", is a note).
 */
function namesAnId(text: string): boolean {
  const named = (text.split(/\s[-–—]\s/)[0] ?? '').replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  const last = wordsOf(named).at(-1) ?? '';
  return (
    ID_WORDS.has(last) || (RUN_TOGETHER_ID.test(last) && !WORDS_ENDING_IN_ID.has(last))
  );
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
    requirement:
      'every input field of a visible step whose key or label names an ID offers a dropdown',
    url: zapierReference('D004'),
    needs: ['definition'],
    messages: {
      noDropdown: 'give it a dynamic dropdown ("dynamic": "trigger_key.id.label")',
    },
  },
  check({ definition }, report) {
    for (const step of visibleSteps(definition)) {
      for (const { field, place } of inputFieldsOf(step)) {
        if (
          (namesAnId(field.key ?? '') || namesAnId(field.label ?? '')) &&
          !offersChoices(field)
        ) {
          report(place, 'noDropdown');
        }
      }
    }
  },
});
