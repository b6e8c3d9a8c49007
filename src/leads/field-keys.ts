/**
 * Field names as people type them, turned into keys Zapier shows well:
 * "First Name" → first_name, createdAt → created_at, page[name] → page__name.
 *
 * The rules, in the order they apply:
 * 1. `[name]` becomes `__name` (a bracketed part is a nested field);
 * 2. a capital after a lower-case letter or digit starts a new word (camelCase);
 * 3. everything is lower-cased;
 * 4. two or more underscores in a row separate nesting levels (`__`);
 * 5. in each level, accents are dropped (é → e, ﬁ → fi) and the runs of
 *    letters and digits are joined by one `_`; anything else only separates;
 * 6. empty levels are dropped; a name with no letter or digit is `field`.
 *
 * Cleaning a key twice changes nothing. One pass over the characters, so a
 * delivery's keys are cleaned in time linear in their length.
 */

const ALREADY_CLEAN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
const BRACKETED = /\[([^\]]*)\]/g;
/** Combining marks, which NFKD splits off accented letters. */
const COMBINING_MARK = /[\u0300-\u036f]/g;

const UNDERSCORE = 0x5f;

function isLowerOrDigit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

function isUpper(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

/** The ASCII letters and digits a non-ASCII character stands for once lower-cased and stripped of accents. */
function asciiOf(character: string): string {
  return character.toLowerCase().normalize('NFKD').replace(COMBINING_MARK, '');
}

/** What the last characters ended: nothing (the word goes on), a word, or a nesting level. */
type Boundary = 'none' | 'word' | 'level';

/** Builds the key letter by letter; a separator is written only once a letter follows it. */
class KeyBuilder {
  private text = '';
  private boundary: Boundary = 'none';

  append(letters: string): void {
    if (this.boundary !== 'none' && this.text !== '') {
      this.text += this.boundary === 'level' ? '__' : '_';
    }
    this.boundary = 'none';
    this.text += letters;
  }

  endWord(): void {
    if (this.boundary === 'none') {
      this.boundary = 'word';
    }
  }

  endLevel(): void {
    this.boundary = 'level';
  }

  key(): string {
    return this.text === '' ? 'field' : this.text;
  }
}

function isUnderscore(code: number): boolean {
  return code === UNDERSCORE;
}

/** The index just after the run of characters from `start` that `belongs` accepts. */
function endOfRun(
  name: string,
  start: number,
  belongs: (code: number) => boolean,
): number {
  let end = start;
  while (end < name.length && belongs(name.charCodeAt(end))) {
    end += 1;
  }
  return end;
}

/** Rules 2 to 6 over a name whose brackets are already replaced. */
function cleanKey(name: string): string {
  const builder = new KeyBuilder();
  let index = 0;
  while (index < name.length) {
    const code = name.charCodeAt(index);
    let next = index + 1;
    if (isLowerOrDigit(code)) {
      next = endOfRun(name, index, isLowerOrDigit);
      builder.append(name.slice(index, next));
    } else if (isUpper(code)) {
      if (isLowerOrDigit(name.charCodeAt(index - 1))) {
        builder.endWord();
      }
      builder.append(String.fromCharCode(code).toLowerCase());
    } else if (isUnderscore(code)) {
      next = endOfRun(name, index, isUnderscore);
      if (next - index >= 2) {
        builder.endLevel();
      } else {
        builder.endWord();
      }
    } else if (code < 0x80) {
      builder.endWord();
    } else {
      const character = String.fromCodePoint(name.codePointAt(index)!);
      next = index + character.length;
      for (const ascii of asciiOf(character)) {
        if (isLowerOrDigit(ascii.charCodeAt(0))) {
          builder.append(ascii);
        } else {
          builder.endWord();
        }
      }
    }
    index = next;
  }
  return builder.key();
}

export function fieldKey(raw: string): string {
  if (ALREADY_CLEAN.test(raw)) {
    return raw;
  }
  return cleanKey(raw.includes('[') ? raw.replace(BRACKETED, '__$1') : raw);
}
