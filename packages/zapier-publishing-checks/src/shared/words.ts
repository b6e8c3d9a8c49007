/**
 * The one way every check splits a key or label into words: at spaces,
 * punctuation and camelCase, lowercase. An all-caps word and its plural stay
 * whole: "Tag IDs", `tagIDs` and `tag_ids` are all ["tag", "ids"]; `UUIDs`,
 * `URLs`, `APIToken` (["api", "token"]) likewise.
 */
export function wordsOf(text: string): string[] {
  return (
    text
      // A possessive is its noun: "the team's name" reads team, name.
      .replace(/(?<=\p{L})['’]s\b/gu, '')
      // listId, tag2Name: a capital after a lowercase letter or digit starts a word.
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      // APIToken: the last capital of a run starts a word, unless it is the
      // run's plural "s" ("IDs", "UUIDs").
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})(?<!\p{Lu}s(?!\p{Ll}))/gu, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== '')
  );
}

/**
 * A word in the singular, so "Clients" and "Client", "IDs" and "ID",
 * "addresses" and "address" compare equal.
 */
export function singular(word: string): string {
  if (word.endsWith('ies')) {
    return `${word.slice(0, -3)}y`;
  }
  if (/(?:ss|x|ch|sh)es$/.test(word)) {
    return word.slice(0, -2);
  }
  // "status", "analysis", "class" are singular already.
  return word.replace(/(?<=[^siu])s$/, '');
}
