/**
 * Title Case as Zapier writes a step's label (D018): the rules of the
 * python-titlecase library (John Gruber's), whose list of small words is
 * the one Zapier's verdicts show ("to", "of", "or" lower case; "From", "Per",
 * "With" capitalised). Zapier says a failing label with "a passing version"
 * of it: `titleCase` gives that version.
 */

const SMALL = 'a|an|and|as|at|but|by|en|for|if|in|of|on|or|the|to|v\\.?|via|vs\\.?';
/** Punctuation python-titlecase skips before a word's first letter. */
const PUNCT = `!"“#$%&'‘()*+,\\-–‒—―./:;?@[\\\\\\]_\`{|}~`;

const SMALL_WORD = new RegExp(`^(?:${SMALL})$`, 'i');
/** `example.com`, `e.g`: a word with a period between letters is kept as written. */
const INLINE_PERIOD = /[a-z][.][a-z]/i;
/** A capital after the first letter (`iPhone`, `ID`, `McDonald`): kept as written. */
const UPPER_ELSEWHERE = new RegExp(`^[${PUNCT}]*?[a-zA-Z]+[A-Z]+?`);
const FIRST_LETTER = new RegExp(`^([${PUNCT}]*?)(\\w)`, 'u');
const SMALL_FIRST = new RegExp(`^([${PUNCT}]*)(${SMALL})\\b`, 'i');
const SMALL_LAST = new RegExp(`\\b(${SMALL})([${PUNCT}]?)$`, 'i');
/** After a colon, a full stop, a question or a dash and a space, a small word opens a phrase. */
const SUBPHRASE = new RegExp(`([:.;?!\\-–‒—―] )(${SMALL})\\b`, 'g');

const capitalised = (word: string) =>
  word.replace(
    FIRST_LETTER,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );

function titleCaseWord(word: string, allCaps: boolean): string {
  if (INLINE_PERIOD.test(word) || (!allCaps && UPPER_ELSEWHERE.test(word))) {
    return word;
  }
  if (SMALL_WORD.test(word)) {
    return word.toLowerCase();
  }
  if (word.includes('/') && !word.includes('//')) {
    return word
      .split('/')
      .map((part) => titleCase(part, false))
      .join('/');
  }
  if (word.includes('-')) {
    return word
      .split('-')
      .map((part) => titleCase(part))
      .join('-');
  }
  return capitalised(allCaps ? word.toLowerCase() : word);
}

/** `text` in Title Case; `smallFirstLast`: a small word first or last is capitalised. */
export function titleCase(text: string, smallFirstLast = true): string {
  return text
    .split(/[\r\n]+/)
    .map((line) => {
      const allCaps = line.toUpperCase() === line;
      const words = line.split(/[\t ]/).map((word) => titleCaseWord(word, allCaps));
      if (smallFirstLast && words.length > 0) {
        words[0] = (words[0] ?? '').replace(
          SMALL_FIRST,
          (_, before: string, small: string) => before + capitalised(small),
        );
        const last = words.length - 1;
        words[last] = (words[last] ?? '').replace(
          SMALL_LAST,
          (_, small: string, after: string) => capitalised(small) + after,
        );
      }
      return words
        .join(' ')
        .replace(
          SUBPHRASE,
          (_, before: string, small: string) => before + capitalised(small),
        );
    })
    .join('\n');
}
