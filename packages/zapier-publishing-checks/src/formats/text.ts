/** The report for a person: one line per finding (or passing rule), then the counts, then the verdict. */
import type { LintResult } from '../lint';
import type { SchemaValidation } from '../read/schema';
import type { ReportEntry } from '../rule';
import { ZAPIER_CHECKS_REFERENCE, entriesOf, linkOf, placeText } from '../rule';
import {
  categoryNote,
  entryPlace,
  notDecided,
  shown,
  summaryLine,
  unusedLine,
} from './summary';
import { verdictLines, verdictOf } from './verdict';
import { fixableCount, suggestionWords } from '../fix/shown';

const VERSIONING_URL = 'https://docs.zapier.com/integrations/manage/versions';

type Shown = ReportEntry['status'] | 'ignored';

const MARK: Record<Shown, string> = {
  pass: '✔',
  error: '✖',
  'publishing-task': '✖',
  warning: '!',
  deferred: '?',
  ignored: '-',
};

/** ANSI colours of each mark, for a terminal only. */
const COLOUR: Record<Shown, number> = {
  pass: 32,
  error: 31,
  'publishing-task': 31,
  warning: 33,
  deferred: 90,
  ignored: 90,
};

/** Each status as a line says it, in Zapier's words. */
const STATUS_WORDS: Record<Shown, string> = {
  pass: 'pass',
  error: 'error',
  'publishing-task': 'publishing task',
  warning: 'warning',
  deferred: 'deferred',
  ignored: 'ignored',
};

/** A category or status as a person reads it, in Zapier's words: "publishing task". */
export const statusWord = (status: Shown) => STATUS_WORDS[status];

/** What a config's note prints in the ID column. */
const CONFIG_ID = 'config';

/** The status column's width: its longest word, "publishing task". */
const STATUS_WIDTH = Math.max(...Object.values(STATUS_WORDS).map((word) => word.length));

const marked = (shown: Shown, colour: boolean) =>
  colour ? `\u001b[${COLOUR[shown]}m${MARK[shown]}\u001b[39m` : MARK[shown];

/** How a report lays out its lines. */
export interface LineLayout {
  /** The mark in colour: a terminal only. */
  colour?: boolean;
  /** The ID column's width, the longest ID the report prints; none: the ID's own. */
  idWidth?: number;
  /** What a deferred finding is called (`notDecided`): default "not decided offline". */
  notDecided?: string;
}

/** A line's first three columns: its mark, the ID and the status word, each padded to its column. */
const columns = (shown: Shown, id: string, word: string, layout: LineLayout) =>
  `${marked(shown, layout.colour ?? false)} ${id.padEnd(layout.idWidth ?? 0)} ${word.padEnd(STATUS_WIDTH)}`;

/**
 * One entry as a line: `<mark> <ID> <status> <place>: <message>. <link>`; a
 * passing rule's place is its requirement, then "nothing to change" (or
 * "nothing to judge", and what the app lacks); an
 * ignored finding says the config's reason; a finding whose category no
 * evidence gave says "category unconfirmed".
 */
export function entryLine(entry: ReportEntry, layout: LineLayout = {}): string {
  const shown: Shown = entry.ignored === undefined ? entry.status : 'ignored';
  const at = placeText(entry.place);
  const what =
    entry.status === 'pass'
      ? `${entry.message}: ${entry.nothingToJudge === undefined ? 'nothing to change' : `nothing to judge, the app has ${entry.nothingToJudge}`}`
      : `${at === '' ? '' : `${at}: `}${entry.status === 'deferred' ? `${layout.notDecided ?? 'not decided offline'}: ` : ''}${entry.message}`;
  const note =
    entry.ignored === undefined ? categoryNote(entry) : `ignored: ${entry.ignored}`;
  const why = note === undefined ? '' : ` (${note})`;
  return `${columns(shown, entry.meta.id, STATUS_WORDS[shown], layout)} ${what}${why}. ${linkOf(entry.meta)}`;
}

export function schemaLines(schema: SchemaValidation): string[] {
  const source = `zapier-platform-schema ${schema.schemaVersion} (the app's own, as zapier-platform validate --without-style uses it)`;
  if (schema.errors.length === 0) {
    return [`==> schema: ${source}: no structural errors`];
  }
  return [
    `==> schema: ${source}`,
    ...schema.errors.map(
      (error) =>
        `✖ ${error.property}: ${error.message}${error.links.length > 0 ? ` ${error.links.join(' ')}` : ''}`,
    ),
  ];
}

export interface TextOptions {
  /** The marks in colour: a terminal only. */
  colour?: boolean;
  /** Only errors and publishing tasks, and the counts. */
  quiet?: boolean;
}

/**
 * Every line of the report: the schema step, the checks and their counts,
 * the config's notes, the versioning rules, the verdict; the ID column as
 * wide as the longest ID printed.
 */
export function textReport(result: LintResult, options: TextOptions = {}): string[] {
  const { colour = false, quiet = false } = options;
  const lines: string[] = result.schema === null ? [] : schemaLines(result.schema);
  if (result.schema !== null && result.schema.errors.length > 0) {
    return [...lines, ...verdictLines(verdictOf(result), notDecided(result))];
  }
  const { config, versioning } = result;
  const checks = entriesOf(result.results).filter((entry) => shown(entry, quiet));
  const versioningEntries = (versioning?.entries ?? []).filter((entry) =>
    shown(entry, quiet),
  );
  const off = quiet ? [] : config.off;
  const unused = quiet ? [] : config.unused;
  const ids = [
    ...[...checks, ...versioningEntries].map((entry) => entry.meta.id),
    ...off,
    ...(unused.length > 0 ? [CONFIG_ID] : []),
  ];
  const layout: LineLayout = {
    colour,
    idWidth: Math.max(0, ...ids.map((id) => id.length)),
    notDecided: notDecided(result),
  };
  const line = (entry: ReportEntry) => entryLine(entry, layout);
  lines.push(`==> publishing checks (${ZAPIER_CHECKS_REFERENCE})`);
  // A finding's suggestions, each on a line below it.
  lines.push(
    ...checks.flatMap((entry) => [
      line(entry),
      ...(entry.ignored === undefined ? (entry.suggestions ?? []) : []).map(
        (suggestion) => `  ${suggestionWords(suggestion)}`,
      ),
    ]),
  );
  lines.push(
    ...off.map((id) => `${columns('ignored', id, 'off', layout)} by ${config.source}`),
    ...unused.map(
      (entry) =>
        `${columns('warning', CONFIG_ID, STATUS_WORDS.warning, layout)} ${entryPlace(config.source, entry)}: ${unusedLine(entry)}.`,
    ),
  );
  const fixable = quiet ? 0 : fixableCount(result.results);
  if (fixable > 0) {
    lines.push(
      `${fixable} finding${fixable === 1 ? '' : 's'} can be fixed in the app's code: --fix-dry-run shows how, --fix writes it`,
    );
  }
  lines.push(summaryLine(result));
  if (versioning !== null) {
    const versioningLines = [...versioningEntries.map(line), ...versioning.closing];
    if (versioningLines.length > 0) {
      lines.push(`==> Zapier's versioning rules (${VERSIONING_URL})`, ...versioningLines);
    }
  }
  return [...lines, ...verdictLines(verdictOf(result), notDecided(result))];
}
