/** The words that name an identifier, as D004 and D023 read keys and labels. */
import { wordsOf } from './words';

/** `list_id`, `listID`, "List Guid", `entity_uid`, `tag_ids`. */
export const ID_WORDS = new Set([
  'id',
  'ids',
  'uid',
  'uids',
  'guid',
  'guids',
  'uuid',
  'uuids',
]);

/** Whether a key's or label's last word names an identifier. */
export const endsInIdWord = (text: string) => ID_WORDS.has(wordsOf(text).at(-1) ?? '');
