/**
 * The object a step is about, and the IDs that name it: a search's lookup key
 * is the ID (or the name) of what it finds, which D001 reads as data.
 */
import type { FieldDefinition, Step } from './definition';
import { singular, wordsOf } from './words';

/** The words that name an identifier: `list_id`, `listID`, "List Guid", `user_uuid`, `tag_ids`. */
const ID_WORDS = new Set(['id', 'ids', 'guid', 'guids', 'uuid', 'uuids']);

/**
 * The words before the first ID word, when a key or label names an ID:
 * "Client id - [data.id]" is the client's, `data.id` is data's.
 */
function idObjectWords(text: string): string[] | undefined {
  const words = wordsOf(text);
  const at = words.findIndex((word) => ID_WORDS.has(word));
  return at === -1 || !ID_WORDS.has(words.at(-1) ?? '') ? undefined : words.slice(0, at);
}

/** Words compared as a phrase, each in the singular. */
const phrase = (words: string[]) => words.map(singular).join(' ');

/** The object a step is about: its noun ("Contact", "Access Key"). */
const stepObjectWords = (step: Step) => phrase(wordsOf(step.definition.noun ?? ''));

/** Whether `words` name the step's own object: none (a bare ID), or its noun. */
const namesStepObject = (step: Step, words: string[] | undefined) =>
  words !== undefined && (words.length === 0 || phrase(words) === stepObjectWords(step));

/**
 * A search's lookup key: what the search finds, by a bare ID, the ID of its
 * object (`contact_id` in Find Contact), or its object itself ("Access Key"
 * in View Access Key). A Zap maps it from an earlier step.
 */
export function namesSearchedObject(step: Step, field: FieldDefinition): boolean {
  if (step.kind !== 'search') {
    return false;
  }
  const noun = stepObjectWords(step);
  return [field.key ?? '', field.label ?? ''].some(
    (text) =>
      namesStepObject(step, idObjectWords(text)) ||
      (noun !== '' && phrase(wordsOf(text)) === noun),
  );
}
