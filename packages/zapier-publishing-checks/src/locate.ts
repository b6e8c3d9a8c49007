/**
 * Where in the app's code a place of the definition is written, found by
 * its keys in the text (`key: 'new_lead'`, then `key: 'page'` after it): an
 * annotation (`--format github`, `sarif`) needs a file and a line. A finding
 * in code is where it is; a place no key finds is at the app's entry.
 */
import type { SourceFile } from './input';
import type { CodeLocation, Place } from './place';

/** Keys as code writes them: a string (`'new_lead'`) or an object's key (`new_lead:`). */
const WRITTEN_KEY = /(['"`])([\w$.-]+)\1|([\w$]+)\s*:/g;

/** Each key a file writes, with the lines (1-based, ascending) it is written on. */
function keyLines(text: string): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  text.split('\n').forEach((line, index) => {
    for (const [, , quoted, named] of line.matchAll(WRITTEN_KEY)) {
      const key = quoted ?? named ?? '';
      const found = lines.get(key);
      if (found === undefined) {
        lines.set(key, [index + 1]);
      } else if (found.at(-1) !== index + 1) {
        found.push(index + 1);
      }
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

/** The line of the first of `keys` in a file, the next searched after it; undefined when the first is not there. */
function lineOf(
  written: ReadonlyMap<string, number[]>,
  keys: readonly string[],
): number | undefined {
  let at = 0;
  for (const [index, key] of keys.entries()) {
    const next = written.get(key)?.find((line) => line > at);
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
    for (const { path, written } of keys.length === 0 ? [] : files) {
      const line = lineOf(written, keys);
      if (line !== undefined) {
        return { file: path, line };
      }
    }
    return atEntry;
  };
}
