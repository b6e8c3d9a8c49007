/**
 * Where in the app's code a place of the definition is written, found by
 * its keys in the text (`key: 'new_lead'`, then `key: 'page'` after it;
 * where a key is declared before where it is only mentioned): an
 * annotation (`--format github`, `sarif`) needs a file and a line. A finding
 * in code is where it is; a place no key finds is at the app's entry.
 */
import type { SourceFile } from './input';
import type { CodeLocation, Place } from './place';

/** Keys as code writes them: a string (`'new_lead'`) or an object's key (`new_lead:`). */
const WRITTEN_KEY = /(['"`])([\w$.-]+)\1|([\w$]+)\s*:/g;

/** A key as Zapier's objects declare it: `key: 'new_lead'`. */
const DECLARED_KEY = /\bkey\s*:\s*(['"`])([\w$.-]+)\1/g;

/** The lines (1-based, ascending) a key is written on: where it is declared, and anywhere. */
interface KeyLines {
  declared: number[];
  anywhere: number[];
}

function addLine(lines: number[], line: number): void {
  if (lines.at(-1) !== line) {
    lines.push(line);
  }
}

/** Each key a file writes, with the lines it is written on. */
function keyLines(text: string): Map<string, KeyLines> {
  const lines = new Map<string, KeyLines>();
  const of = (key: string): KeyLines => {
    const found = lines.get(key) ?? { declared: [], anywhere: [] };
    lines.set(key, found);
    return found;
  };
  text.split('\n').forEach((line, index) => {
    for (const [, , quoted, named] of line.matchAll(WRITTEN_KEY)) {
      addLine(of(quoted ?? named ?? '').anywhere, index + 1);
    }
    for (const [, , key] of line.matchAll(DECLARED_KEY)) {
      addLine(of(key ?? '').declared, index + 1);
    }
  });
  return lines;
}

/** The keys a place is written with, the outer first: a step's key, then a field's. */
function keysOf(place: Place): string[] {
  const step = place.step?.split('.')[1];
  const outer = step ?? (place.path?.startsWith('flags') ? 'cleanInputData' : undefined);
  const authentication =
    place.step === 'authentication' || place.path?.startsWith('authentication') === true;
  const inner =
    place.field ??
    (place.path?.endsWith('connectionLabel') === true ? 'connectionLabel' : undefined);
  return [
    ...(outer === undefined ? [] : [outer]),
    ...(authentication && inner === undefined ? ['authentication'] : []),
    ...(inner === undefined ? [] : [inner]),
  ];
}

/**
 * The line of the first of `keys` in a file, the next searched after it;
 * undefined when the first is not there. The first key is looked for where
 * it is declared (`key: 'x'`) when `declared`, anywhere otherwise.
 */
function lineOf(
  written: ReadonlyMap<string, KeyLines>,
  keys: readonly string[],
  declared: boolean,
): number | undefined {
  let at = 0;
  for (const [index, key] of keys.entries()) {
    const lines = written.get(key);
    const candidates = declared && index === 0 ? lines?.declared : lines?.anywhere;
    const next = candidates?.find((line) => line > at);
    if (next === undefined) {
      return index === 0 ? undefined : at;
    }
    at = next;
  }
  return at;
}

/**
 * A function that locates places in `sources`, at `entry` (line 1) where no
 * key is found, or where a finding's file does not exist (a listing file the
 * app does not have).
 */
export function locator(
  sources: readonly SourceFile[],
  entry: string | undefined,
  exists: (file: string) => boolean,
): (place: Place) => CodeLocation | undefined {
  const files = sources.map((source) => ({
    path: source.path,
    written: keyLines(source.text),
  }));
  const atEntry = entry === undefined ? undefined : { file: entry, line: 1 };
  return (place) => {
    if (place.file !== undefined) {
      return exists(place.file) ? { file: place.file, line: place.line ?? 1 } : atEntry;
    }
    const keys = keysOf(place);
    // Where a key is declared, in any file, before where it is only mentioned.
    for (const declared of keys.length === 0 ? [] : [true, false]) {
      for (const { path, written } of files) {
        const line = lineOf(written, keys, declared);
        if (line !== undefined) {
          return { file: path, line };
        }
      }
    }
    return atEntry;
  };
}
