/** The report for a person: one line per finding (or passing rule), then the counts. */
import type { LintResult } from '../lint';
import type { SchemaValidation } from '../read/schema';
import type { ReportEntry } from '../rule';
import { ZAPIER_CHECKS_REFERENCE, entriesOf, linkOf, placeText } from '../rule';
import { shown, summaryLine, unusedLine } from './summary';

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

const marked = (shown: Shown, colour: boolean) =>
  colour ? `\u001b[${COLOUR[shown]}m${MARK[shown]}\u001b[39m` : MARK[shown];

/**
 * One entry as a line: `<mark> <ID> <status> <place>: <message>. <link>`; a
 * passing rule's place is its requirement, then "nothing to change"; an
 * ignored finding says the config's reason. `colour`: the mark in colour (a
 * terminal only).
 */
export function entryLine(entry: ReportEntry, colour = false): string {
  const shown: Shown = entry.ignored === undefined ? entry.status : 'ignored';
  const at = placeText(entry.place);
  const what =
    entry.status === 'pass'
      ? `${entry.message}: nothing to change`
      : `${at === '' ? '' : `${at}: `}${entry.status === 'deferred' ? 'not decided offline: ' : ''}${entry.message}`;
  const why = entry.ignored === undefined ? '' : ` (ignored: ${entry.ignored})`;
  return `${marked(shown, colour)} ${entry.meta.id} ${STATUS_WORDS[shown].padEnd(15)} ${what}${why}. ${linkOf(entry.meta)}`;
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

/** Every line of the report: the schema step, the checks and their counts, the config's notes, the versioning rules. */
export function textReport(result: LintResult, options: TextOptions = {}): string[] {
  const { colour = false, quiet = false } = options;
  const lines: string[] = result.schema === null ? [] : schemaLines(result.schema);
  if (result.schema !== null && result.schema.errors.length > 0) {
    return lines;
  }
  const line = (entry: ReportEntry) => entryLine(entry, colour);
  lines.push(`==> publishing checks (${ZAPIER_CHECKS_REFERENCE})`);
  lines.push(
    ...entriesOf(result.results)
      .filter((entry) => shown(entry, quiet))
      .map(line),
  );
  const { config } = result;
  if (!quiet) {
    lines.push(
      ...config.off.map(
        (id) => `${marked('ignored', colour)} ${id} off by ${config.source}`,
      ),
      ...config.unused.map(
        (entry) =>
          `${marked('warning', colour)} config ${'warning'.padEnd(15)} ${config.source}: ${unusedLine(entry)}.`,
      ),
    );
  }
  lines.push(summaryLine(result));
  if (result.versioning !== null) {
    lines.push(`==> Zapier's versioning rules (${VERSIONING_URL})`);
    lines.push(
      ...result.versioning.entries.filter((entry) => shown(entry, quiet)).map(line),
    );
    lines.push(...result.versioning.closing);
  }
  return lines;
}
