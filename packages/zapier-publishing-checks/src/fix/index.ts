/**
 * The fixes: each rule declares its fix as data (a value of the definition
 * and its new text, `FixRequest`); here each is found in the app's code
 * (`literals.ts`), placed as characters to replace, and applied. Fixes that
 * overlap are applied one at a time, the first first (a second `--fix`
 * applies the next); a value several findings share is changed once.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

import type { SourceFile } from '../input';
import type { Finding, FixPlace, RuleResult } from '../rule';
import { findWritten, literalText, parse, removalOf } from './literals';
import type { Parsed } from './literals';

export { unifiedDiff } from './diff';

type Placed = Extract<FixPlace, { file: string }>;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

function lineAndColumn(parsed: Parsed, position: number) {
  const { line, character } = parsed.tree.getLineAndCharacterOfPosition(position);
  return { line: line + 1, column: character + 1 };
}

/** Where a finding's fix is written, or why it is not fixed. */
function placeOf(
  finding: Finding,
  files: readonly Parsed[],
  isBuilt: (file: string) => boolean,
): FixPlace {
  const request = finding.fix;
  if (request === undefined) {
    return { reason: 'no fix' };
  }
  if (finding.ignored !== undefined) {
    return { reason: 'the config ignores the finding' };
  }
  const found = findWritten(files, request.path, request.value, finding.place);
  if ('reason' in found) {
    return { reason: `not fixed: ${found.reason}` };
  }
  const { literal, property } = found.found;
  const parsed = files.find((each) => each.file === literal.file);
  if (parsed === undefined) {
    return { reason: 'not fixed: its file was not read' };
  }
  if (isBuilt(literal.file)) {
    return {
      reason: `not fixed: ${literal.file} is build output, and no source map names its source`,
    };
  }
  const span = request.text === null ? removalOf(parsed.text, property) : literal;
  const text = request.text === null ? '' : literalText(request.text, literal.quote);
  const start = lineAndColumn(parsed, span.start);
  const end = lineAndColumn(parsed, span.end);
  return {
    file: literal.file,
    start: span.start,
    end: span.end,
    startLine: start.line,
    startColumn: start.column,
    endLine: end.line,
    endColumn: end.column,
    text,
  };
}

const overlap = (a: Placed, b: Placed) =>
  a.file === b.file && a.start < b.end && b.start < a.end;

const same = (a: Placed, b: Placed) =>
  a.file === b.file && a.start === b.start && a.end === b.end && a.text === b.text;

/**
 * The results with each fix placed in the app's code (`fix.at`), and the
 * text of each file a fix changes, as read: `writeFixes` compares it with
 * the file before it writes. `isBuilt` tells a build's output (a TypeScript
 * app's `dist/` file no source map led back to its source): never edited.
 */
export function placeFixes(
  sources: readonly SourceFile[],
  results: readonly RuleResult[],
  isBuilt: (file: string) => boolean = () => false,
): { results: RuleResult[]; texts: Record<string, string> } {
  const asked = results.some((result) =>
    result.findings.some((finding) => finding.fix !== undefined),
  );
  if (!asked) {
    return { results: [...results], texts: {} };
  }
  const files = sources.map(parse);
  const taken: Placed[] = [];
  const texts: Record<string, string> = {};
  const placed = results.map((result) => ({
    ...result,
    findings: result.findings.map((finding): Finding => {
      if (finding.fix === undefined) {
        return finding;
      }
      let at = placeOf(finding, files, isBuilt);
      if ('file' in at) {
        const place = at;
        if (taken.some((other) => overlap(other, place) && !same(other, place))) {
          at = { reason: 'not fixed now: it overlaps another fix; run --fix again' };
        } else {
          taken.push(place);
          texts[place.file] = files.find((each) => each.file === place.file)?.text ?? '';
        }
      }
      return { ...finding, fix: { ...finding.fix, at } };
    }),
  }));
  return { results: placed, texts };
}

/** A file the fixes change: its text as the checks read it, and after. */
export interface FileChange {
  file: string;
  before: string;
  after: string;
  /** The findings it fixes. */
  fixes: number;
}

/** Each file the placed fixes change, its edits applied (a place shared by findings, once). */
export function changesOf(
  results: readonly RuleResult[],
  texts: Readonly<Record<string, string>>,
): FileChange[] {
  const byFile = new Map<string, Placed[]>();
  const counted = new Map<string, number>();
  for (const finding of results.flatMap((result) => result.findings)) {
    const at = finding.fix?.at;
    if (at !== undefined && 'file' in at) {
      const list = byFile.get(at.file) ?? [];
      if (!list.some((other) => same(other, at))) {
        list.push(at);
      }
      byFile.set(at.file, list);
      counted.set(at.file, (counted.get(at.file) ?? 0) + 1);
    }
  }
  return [...byFile.entries()].map(([file, places]) => {
    const before = texts[file] ?? '';
    let after = before;
    for (const place of [...places].sort((a, b) => b.start - a.start)) {
      after = after.slice(0, place.start) + place.text + after.slice(place.end);
    }
    return { file, before, after, fixes: counted.get(file) ?? 0 };
  });
}

const inside = (folder: string, path: string) => {
  const part = relative(folder, path);
  return part !== '' && !part.startsWith('..') && !isAbsolute(part);
};

/** What `writeFixes` did: the files written, and those it would not write, with why. */
export interface Written {
  written: string[];
  refused: { file: string; reason: string }[];
}

/**
 * Writes each change into the app's folder: never a file outside it (its
 * real path), in node_modules, or changed since the checks read it.
 */
export function writeFixes(appDir: string, changes: readonly FileChange[]): Written {
  const dir = realpathSync(resolve(appDir));
  const outcome: Written = { written: [], refused: [] };
  for (const change of changes) {
    const refuse = (reason: string) =>
      outcome.refused.push({ file: change.file, reason });
    let path: string;
    try {
      path = realpathSync(resolve(dir, change.file));
    } catch {
      refuse('it no longer exists');
      continue;
    }
    if (!inside(dir, path) || relative(dir, path).split(sep).includes('node_modules')) {
      refuse("it is not the app's own code (outside its folder, or in node_modules)");
      continue;
    }
    if (hashOf(readFileSync(path, 'utf8')) !== hashOf(change.before)) {
      refuse('it changed since the checks read it: run the checks again');
      continue;
    }
    writeFileSync(path, change.after);
    outcome.written.push(change.file);
  }
  return outcome;
}
