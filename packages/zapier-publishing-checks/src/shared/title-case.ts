/** Title Case as Zapier reads a step's label (D018). */

/**
 * Title Case as software writes it: John Gruber's rules, which the
 * `titlecase` libraries (Python, Perl, JavaScript) implement: every word
 * capitalised but these small words, lowercase inside a phrase. Zapier
 * flagged "Add Label To Issue" in a published app, as these rules do; its own
 * list is unpublished, so no other word is required in lowercase.
 */
const SMALL_WORDS = new Set(
  'a an and as at but by en for if in of on or the to v via vs'.split(' '),
);
/**
 * Lowercase or capitalised, either reads well: short words other styles
 * lowercase and these rules capitalise ("per", "nor", "so", "yet"; AP and
 * Chicago disagree on them), particles of phrasal verbs ("Set Up", "Log
 * Off"), and longer prepositions ("Remove Label From String").
 */
const EITHER_WAY = new Set(
  'per nor so yet up off out over from into onto with'.split(' '),
);

/** Splits a label into words, each knowing whether it opens or closes a phrase. */
function labelWords(label: string): { word: string; isInside: boolean }[] {
  // A bracket, colon or dash starts a phrase of its own: "Create Request (With
  // Items)"; a bracket attached to a word is part of it: "Document(s)".
  const phrases = label
    .replace(/(?<=[\p{L}\p{N}])\(\p{L}{1,3}\)/gu, '')
    .split(/[():–—]|\s-\s/);
  return phrases.flatMap((phrase) => {
    const words = phrase
      .split(/[\s/]+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .filter((word) => word !== '');
    return words.map((word, index) => ({
      word,
      isInside: index > 0 && index < words.length - 1,
    }));
  });
}

export interface TitleCaseProblems {
  /** Words to capitalise. */
  capitalise: string[];
  /** Short function words inside the label to write in lowercase. */
  lowercase: string[];
}

/** What breaks Title Case in a label, as Zapier writes it. */
export function titleCaseProblems(label: string): TitleCaseProblems {
  const problems: TitleCaseProblems = { capitalise: [], lowercase: [] };
  labelWords(label).forEach(({ word, isInside }) => {
    const first = word[0] ?? '';
    const startsLowercase = first !== first.toUpperCase();
    const lower = word.toLowerCase();
    // Brand-style words ("iPhone", "eBay") carry their own capitals.
    const hasOwnCapitals = /\p{Lu}/u.test(word.slice(1));
    if (
      startsLowercase &&
      !hasOwnCapitals &&
      !(isInside && (SMALL_WORDS.has(lower) || EITHER_WAY.has(lower)))
    ) {
      problems.capitalise.push(word);
    } else if (
      !startsLowercase &&
      isInside &&
      SMALL_WORDS.has(lower) &&
      word === first + lower.slice(1)
    ) {
      problems.lowercase.push(word);
    }
  });
  return problems;
}
