/**
 * What the app's own code gives `z.request()`: the text of each call's
 * arguments, and of the object literal a call is given by name in the same
 * file (`const options = { url: … }; z.request(options)`). Read without
 * comments, so a commented-out call is no call. D007 reads the addresses in
 * it; local:curlies-in-request its `{{bundle.…}}` placeholders.
 */
import type { SourceFile } from '../input';

export interface RequestInCode {
  /** The file, relative to the app's folder. */
  file: string;
  /** The line the call starts on. */
  line: number;
  /** The call's arguments and the objects it is given by name, comments left out. */
  text: string;
  /**
   * What of it addresses the request: the address (a first argument that is
   * no object, or the `url` property), its `params` and its `headers`.
   */
  address: string;
}

interface Scanned {
  /** The text with comments blanked out (newlines kept). */
  code: string;
  /** The same, with the contents of strings, templates and regular expressions blanked too. */
  masked: string;
}

/** What, before a `/`, makes it start a regular expression, not a division. */
const BEFORE_REGEX = new Set(
  ['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';'].concat(
    'return typeof case in of delete void throw new else do yield await'.split(' '),
  ),
);

/** A name or number where the scanner stands (sticky: it matches there or nowhere). */
const WORD = /[\w$]+/y;

/** Blanks comments, and in `masked` the insides of literals, keeping every offset. */
function scan(text: string): Scanned {
  const code = text.split('');
  const masked = text.split('');
  const blank = (from: number, to: number, both: boolean) => {
    for (let index = from; index < to; index += 1) {
      if (text[index] !== '\n') {
        masked[index] = ' ';
        if (both) {
          code[index] = ' ';
        }
      }
    }
  };
  /** Open `${` expressions inside templates: the brace depth at which each closes. */
  const templateDepths: number[] = [];
  let depth = 0;
  let lastSignificant = '';
  let index = 0;
  const skipString = (quote: string, start: number): number => {
    let at = start + 1;
    while (at < text.length && text[at] !== quote && text[at] !== '\n') {
      at += text[at] === '\\' ? 2 : 1;
    }
    blank(start + 1, at, false);
    return at + 1;
  };
  /** From inside a template at `start`, to its end or to a `${` (then code resumes). */
  const skipTemplate = (start: number): number => {
    let at = start;
    while (at < text.length && text[at] !== '`') {
      if (text[at] === '\\') {
        at += 2;
      } else if (text[at] === '$' && text[at + 1] === '{') {
        blank(start, at, false);
        templateDepths.push(depth);
        depth += 1;
        return at + 2;
      } else {
        at += 1;
      }
    }
    blank(start, at, false);
    return at + 1;
  };
  while (index < text.length) {
    const char = text[index] ?? '';
    const next = text[index + 1] ?? '';
    if (char === '/' && next === '/') {
      const end = text.indexOf('\n', index);
      const stop = end === -1 ? text.length : end;
      blank(index, stop, true);
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(index, stop, true);
      index = stop;
    } else if (char === "'" || char === '"') {
      index = skipString(char, index);
      lastSignificant = char;
    } else if (char === '`') {
      index = skipTemplate(index + 1);
      lastSignificant = '`';
    } else if (char === '/' && BEFORE_REGEX.has(lastSignificant)) {
      let at = index + 1;
      let inClass = false;
      while (at < text.length && text[at] !== '\n' && (inClass || text[at] !== '/')) {
        if (text[at] === '\\') {
          at += 1;
        } else if (text[at] === '[') {
          inClass = true;
        } else if (text[at] === ']') {
          inClass = false;
        }
        at += 1;
      }
      blank(index + 1, at, false);
      index = at + 1;
      lastSignificant = '/';
    } else {
      if (char === '{') {
        depth += 1;
      } else if (char === '}') {
        depth -= 1;
        if (templateDepths.at(-1) === depth) {
          templateDepths.pop();
          index = skipTemplate(index + 1);
          lastSignificant = '`';
          continue;
        }
      }
      WORD.lastIndex = index;
      const word = WORD.exec(text)?.[0];
      if (word !== undefined) {
        // A keyword (`return /re/`) lets a regular expression follow; a name or number does not.
        lastSignificant = BEFORE_REGEX.has(word) ? word : 'value';
        index += word.length;
        continue;
      }
      if (char !== ' ' && char !== '\n' && char !== '\t' && char !== '\r') {
        lastSignificant = char === ')' || char === ']' ? 'value' : char;
      }
      index += 1;
    }
  }
  return { code: code.join(''), masked: masked.join('') };
}

const OPENING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The offset of the bracket that closes the one at `open`, in masked text. */
function closing(masked: string, open: number): number {
  const stack: string[] = [];
  for (let at = open; at < masked.length; at += 1) {
    const char = masked[at] ?? '';
    if (char in OPENING) {
      stack.push(OPENING[char] ?? '');
    } else if (char === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) {
        return at;
      }
    }
  }
  return masked.length;
}

/** Arguments that are a bare name: the object literal that name is given in the file. */
function objectsNamed(scanned: Scanned, names: string[]): Scanned[] {
  return names.flatMap((name) => {
    const escaped = name.replace(/\$/g, '\\$');
    const declaration = new RegExp(`\\b(?:const|let|var)\\s+${escaped}\\s*=\\s*\\{`, 'g');
    return Array.from(scanned.masked.matchAll(declaration)).map((match) => {
      const open = match.index + match[0].length - 1;
      const end = closing(scanned.masked, open) + 1;
      return {
        code: scanned.code.slice(open, end),
        masked: scanned.masked.slice(open, end),
      };
    });
  });
}

/** Where a property's value ends: at a comma or a closing bracket of its own level. */
function valueEnd(masked: string, start: number): number {
  let depth = 0;
  for (let at = start; at < masked.length; at += 1) {
    const char = masked[at] ?? '';
    if (char in OPENING) {
      depth += 1;
    } else if (')]}'.includes(char)) {
      if (depth === 0) {
        return at;
      }
      depth -= 1;
    } else if (char === ',' && depth === 0) {
      return at;
    }
  }
  return masked.length;
}

/** The `url`, `params` and `headers` properties of an object's text, as code. */
function addressingProperties(part: Scanned): string[] {
  return Array.from(part.masked.matchAll(/\b(url|params|headers)\s*:\s*/g), (match) => {
    const start = match.index + match[0].length;
    const end =
      part.masked[start] === '{'
        ? closing(part.masked, start) + 1
        : valueEnd(part.masked, start);
    return part.code.slice(match.index, end);
  });
}

/** The top-level arguments of a call, in masked text: commas inside brackets are not theirs. */
function topLevelArguments(maskedArguments: string): string[] {
  const found: string[] = [];
  let start = 0;
  let depth = 0;
  for (const [at, char] of maskedArguments.split('').entries()) {
    if (char in OPENING) {
      depth += 1;
    } else if (')]}'.includes(char)) {
      depth -= 1;
    } else if (char === ',' && depth === 0) {
      found.push(maskedArguments.slice(start, at));
      start = at + 1;
    }
  }
  return [...found, maskedArguments.slice(start)];
}

const REQUEST_CALL = /\bz\s*\.\s*request\s*\(/g;
const BARE_NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

/** Read once per set of sources: D007 and local:curlies-in-request both read them. */
const readBefore = new WeakMap<readonly SourceFile[], RequestInCode[]>();

export function requestsInCode(sources: readonly SourceFile[]): RequestInCode[] {
  const known = readBefore.get(sources);
  if (known !== undefined) {
    return known;
  }
  const found = requestsIn(sources);
  readBefore.set(sources, found);
  return found;
}

function requestsIn(sources: readonly SourceFile[]): RequestInCode[] {
  return sources.flatMap((source) => {
    const scanned = scan(source.text);
    return Array.from(scanned.masked.matchAll(REQUEST_CALL)).map((match) => {
      const open = match.index + match[0].length - 1;
      const close = closing(scanned.masked, open);
      const maskedArguments = scanned.masked.slice(open + 1, close);
      const names = topLevelArguments(maskedArguments).flatMap(
        (argument) => BARE_NAME.exec(argument)?.[1] ?? [],
      );
      const line = source.text.slice(0, match.index).split('\n').length;
      const call = {
        code: scanned.code.slice(open + 1, close),
        masked: maskedArguments,
      };
      const named = objectsNamed(scanned, names);
      const [first = ''] = topLevelArguments(maskedArguments);
      const firstIsAddress = !/^\s*\{/.test(first) && BARE_NAME.exec(first) === null;
      return {
        file: source.path,
        line,
        text: [call.code, ...named.map((part) => part.code)].join('\n'),
        address: [
          ...(firstIsAddress ? [call.code.slice(0, first.length)] : []),
          ...[call, ...named].flatMap(addressingProperties),
        ].join('\n'),
      };
    });
  });
}
