import { defineRule, zapierReference } from '../rule';
import type { FieldDefinition, Step } from '../shared/definition';
import { inputFieldsOf, isRecord, visibleSteps } from '../shared/definition';
import {
  ID_WORDS,
  idObjectWords,
  namesSearchedObject,
  namesStepObject,
} from '../shared/step-objects';
import { wordsOf } from '../shared/words';

/**
 * D004 asks that an ID of one of the app's objects be picked from a dynamic
 * dropdown: "people don't speak in auto-incremented IDs" (Zapier's guide to
 * dynamic dropdowns), so the Zap editor offers the user's projects, lists or
 * boards by name. The rule is about fields a user fills by picking one of
 * their objects in this app; it leaves alone:
 * - a field that already offers choices (`dynamic`, static `choices`, or
 *   `choices: { perform }`);
 * - a search's own lookup key, the ID of the object the search finds, which
 *   a Zap maps from an earlier step;
 * - the ID of the record a create makes, which does not exist yet;
 * - an identifier the user supplies or owns (their other system's, a
 *   reference they assign, one they make up), of which the app has no list;
 * - a position to page from (a cursor), which is no choice;
 * - hidden steps, whose fields the app's own dropdowns fill.
 */

/** Help text that says the value is an ID: "The Caller ID.", "ID of the list to add to." */
const SAYS_IT_IS_AN_ID =
  /^\s*(?:the\s+(?:[\w-]+\s+){0,3}(?:id|uuid|guid)\b|(?:the\s+)?(?:id|uuid|guid)\s+of\s+(?:the|a|an)\b)/i;

const asksForId = (field: FieldDefinition) =>
  idObjectWords(field.key ?? '') !== undefined ||
  idObjectWords(field.label ?? '') !== undefined ||
  SAYS_IT_IS_AN_ID.test(field.helpText ?? '');

/** Choices written out (a list or a value-to-label map), or a function that gives them (`{ perform }`, core 19). */
const offersChoices = (field: FieldDefinition) =>
  field.dynamic !== undefined ||
  (Array.isArray(field.choices) && field.choices.length > 0) ||
  (isRecord(field.choices) && Object.keys(field.choices).length > 0);

/**
 * An identifier that is the user's, not one of the app's objects: from their
 * other system ("external"), a reference they assign ("Client Reference ID"),
 * or one the help text gives to them to choose ("your own ID", "of your
 * choice", "you assign").
 */
const USERS_OWN =
  /\b(?:your own|of your choice|you (?:choose|pick|assign|define|set|provide|supply|make up)|unique to you|in your (?:system|database|app|application|crm))\b/i;

function isUsersOwnId(field: FieldDefinition): boolean {
  const owned = (text: string) => {
    const words = wordsOf(text);
    const at = words.findIndex((word) => ID_WORDS.has(word));
    return (
      words.includes('external') || ['reference', 'ref'].includes(words[at - 1] ?? '')
    );
  };
  return (
    owned(field.key ?? '') ||
    owned(field.label ?? '') ||
    USERS_OWN.test(field.helpText ?? '')
  );
}

/** A position in a list to page from (`lastId`, "Used for cursor pagination"), not a choice. */
const PAGING = /\b(?:cursor|paging|pagination|paginate|next page|previous page)\b/i;
const pagesAList = (field: FieldDefinition) =>
  PAGING.test(`${field.label ?? ''} ${field.helpText ?? ''}`);

/** A create that makes a new record: Create, Add or New in its label or key. */
const CREATING = /^(?:create|add|new|post|insert)\b/i;
/** A create that may change a record that exists, or a field that says it picks one. */
const UPDATING = /\b(?:update|upsert|edit|modify|existing)\b/i;

/** The ID of the record a create makes: it does not exist yet, so there is nothing to pick. */
function namesCreatedRecord(step: Step, field: FieldDefinition): boolean {
  const label = step.definition.display?.label ?? '';
  const stepKey = wordsOf(step.key).join(' ');
  // "Create or Update Payer": the ID picks the record to update, when there is one.
  const makesARecord =
    step.kind === 'create' &&
    (CREATING.test(label) || CREATING.test(stepKey)) &&
    !UPDATING.test(`${label} ${stepKey} ${field.helpText ?? ''}`);
  return (
    makesARecord &&
    [field.label ?? '', field.key ?? ''].some((text) => {
      const object = idObjectWords(text);
      return object !== undefined && object.length > 0 && namesStepObject(step, object);
    })
  );
}

export default defineRule({
  meta: {
    id: 'D004',
    name: 'id-fields-offer-dropdowns',
    category: 'publishing-task',
    requirement:
      "every input field of a visible step that asks for the ID of one of the app's objects offers a dropdown",
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
          asksForId(field) &&
          !offersChoices(field) &&
          !isUsersOwnId(field) &&
          !pagesAList(field) &&
          !namesSearchedObject(step, field) &&
          !namesCreatedRecord(step, field)
        ) {
          report(place, 'noDropdown');
        }
      }
    }
  },
});
