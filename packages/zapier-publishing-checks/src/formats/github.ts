/**
 * The report as GitHub Actions workflow commands (`--format github`): one
 * annotation per finding that counts (`::error file=…,line=…,title=D007::…`),
 * at its line of code when the finding is in code or its place is found
 * there; then the counts. Errors and publishing tasks are `error`, warnings
 * `warning`, what is not decided offline `notice`, one per check; a
 * category no evidence gave says so. Then the verdict's lines.
 */
import { join, relative } from 'node:path';

import type { IgnoreEntry } from '../config';
import type { LintResult } from '../lint';
import type { CodeLocation, ReportEntry } from '../rule';
import { linkOf, placeText } from '../rule';
import { fixWords, placedFix, suggestionWords } from '../fix/shown';
import {
  allEntries,
  categoryNote,
  notDecided,
  shown,
  summaryLine,
  unusedLine,
} from './summary';
import { verdictLines, verdictOf } from './verdict';

const LEVEL = {
  error: 'error',
  'publishing-task': 'error',
  warning: 'warning',
  deferred: 'notice',
} as const;

/** GitHub's escaping: of a command's message, and (more) of its properties. */
const data = (text: string) =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A file of the app, as GitHub names it: from the folder the command runs in (the repository's root in a workflow). */
const fromWorkspace = (appDir: string, file: string) =>
  relative(process.cwd(), join(appDir, file));

function command(
  level: 'error' | 'warning' | 'notice',
  title: string,
  message: string,
  at: CodeLocation | undefined,
  appDir: string,
): string {
  const where =
    at === undefined
      ? ''
      : `file=${property(fromWorkspace(appDir, at.file))},line=${at.line},`;
  return `::${level} ${where}title=${property(title)}::${data(message)}`;
}

/** Where an unused ignore entry is written: its line of the config file (package.json for its key), else the file's first. */
function entryLocation(result: LintResult, entry: IgnoreEntry): CodeLocation | undefined {
  const file = result.config.source?.replace(/#.*$/, '');
  return file === undefined
    ? undefined
    : { file: relative(result.appDir, file), line: entry.line ?? 1 };
}

/** A finding that counts: not a pass, not ignored. */
type Counted = ReportEntry & { status: keyof typeof LEVEL };

const counts = (entry: ReportEntry): entry is Counted =>
  entry.status !== 'pass' && entry.ignored === undefined;

function annotation(entry: Counted, appDir: string): string {
  const at = placeText(entry.place);
  const note = categoryNote(entry);
  const status = `${entry.status === 'publishing-task' ? 'publishing task' : entry.status}${note === undefined ? '' : `, ${note}`}`;
  // What --fix writes, or what the author may write instead: the suggested text.
  const remedies = [
    ...(placedFix(entry) === undefined ? [] : [fixWords(entry) ?? '']),
    ...(entry.suggestions ?? []).map(suggestionWords),
  ];
  const more = remedies.length === 0 ? '' : ` ${remedies.join('; ')}.`;
  const message = `${at === '' ? '' : `${at}: `}${entry.message} (${status}; ${linkOf(entry.meta)})${more}`;
  return command(LEVEL[entry.status], entry.meta.id, message, entry.near, appDir);
}

/**
 * What a check could not decide offline, as one notice for all its places:
 * nothing to fix in a line of code, and GitHub shows only the first few
 * annotations of a kind in a step.
 */
function deferredNotice(
  first: Counted,
  entries: readonly Counted[],
  appDir: string,
  undecided: string,
): string {
  if (entries.length === 1) {
    return annotation(first, appDir);
  }
  const places = entries.map((entry) => placeText(entry.place) || 'the app');
  const message = `${undecided} at ${entries.length} places (${places.join(', ')}); the first: ${first.message} (deferred; ${linkOf(first.meta)})`;
  return command('notice', first.meta.id, message, undefined, appDir);
}

/** Each finding that counts, in order, a check's deferred ones as one notice where its first was. */
function annotations(
  entries: readonly Counted[],
  appDir: string,
  undecided: string,
): string[] {
  const deferred = new Map<string, Counted[]>();
  for (const entry of entries.filter((each) => each.status === 'deferred')) {
    deferred.set(entry.meta.id, [...(deferred.get(entry.meta.id) ?? []), entry]);
  }
  return entries.flatMap((entry) => {
    if (entry.status !== 'deferred') {
      return [annotation(entry, appDir)];
    }
    const same = deferred.get(entry.meta.id) ?? [entry];
    return same[0] === entry ? [deferredNotice(entry, same, appDir, undecided)] : [];
  });
}

export function githubReport(result: LintResult, quiet = false): string[] {
  if (result.schema !== null && result.schema.errors.length > 0) {
    return result.schema.errors.map((error) =>
      command(
        'error',
        'schema',
        `${error.property}: ${error.message}`,
        undefined,
        result.appDir,
      ),
    );
  }
  const { config } = result;
  return [
    ...annotations(
      allEntries(result)
        .filter((entry) => shown(entry, quiet))
        .filter(counts),
      result.appDir,
      notDecided(result),
    ),
    ...(quiet
      ? []
      : config.unused.map((entry) =>
          command(
            'warning',
            'config',
            unusedLine(entry),
            entryLocation(result, entry),
            result.appDir,
          ),
        )),
    summaryLine(result),
    ...(result.versioning?.closing ?? []),
    ...verdictLines(verdictOf(result), notDecided(result)),
  ];
}
