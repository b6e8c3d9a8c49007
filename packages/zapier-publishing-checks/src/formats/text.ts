/** The report for a person: one line per finding (or passing rule), then the counts. */
import type { LintResult } from '../lint';
import type { SchemaValidation } from '../read/schema';
import type { ReportEntry } from '../rule';
import { ZAPIER_CHECKS_REFERENCE, entriesOf, placeText } from '../rule';
import { summaryLine } from './summary';

const VERSIONING_URL = 'https://docs.zapier.com/integrations/manage/versions';

const MARK = {
  pass: '✔',
  error: '✖',
  'publishing-task': '✖',
  warning: '!',
  deferred: '?',
} as const;

/** ANSI colours of each mark, for a terminal only. */
const COLOUR = {
  pass: 32,
  error: 31,
  'publishing-task': 31,
  warning: 33,
  deferred: 90,
} as const;

/** Each status as a line says it, in Zapier's words. */
const STATUS_WORDS = {
  pass: 'pass',
  error: 'error',
  'publishing-task': 'publishing task',
  warning: 'warning',
  deferred: 'deferred',
} as const;

/**
 * One entry as a line: `<mark> <ID> <status> <place>: <message>. <link>`; a
 * passing rule's place is its requirement, then "nothing to change".
 * `colour`: the mark in colour (a terminal only).
 */
export function entryLine(entry: ReportEntry, colour = false): string {
  const mark = colour
    ? `\u001b[${COLOUR[entry.status]}m${MARK[entry.status]}\u001b[39m`
    : MARK[entry.status];
  const at = placeText(entry.place);
  const what =
    entry.status === 'pass'
      ? `${entry.message}: nothing to change`
      : `${at === '' ? '' : `${at}: `}${entry.status === 'deferred' ? 'not decided offline: ' : ''}${entry.message}`;
  return `${mark} ${entry.meta.id} ${STATUS_WORDS[entry.status].padEnd(15)} ${what}. ${entry.meta.url}`;
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

/** Every line of the report: the schema step, the checks and their counts, the versioning rules. */
export function textReport(result: LintResult, colour = false): string[] {
  const lines: string[] = result.schema === null ? [] : schemaLines(result.schema);
  if (result.schema !== null && result.schema.errors.length > 0) {
    return lines;
  }
  lines.push(`==> publishing checks (${ZAPIER_CHECKS_REFERENCE})`);
  lines.push(...entriesOf(result.results).map((entry) => entryLine(entry, colour)));
  lines.push(summaryLine(result.results));
  if (result.versioning !== null) {
    lines.push(`==> Zapier's versioning rules (${VERSIONING_URL})`);
    lines.push(...result.versioning.entries.map((entry) => entryLine(entry, colour)));
    lines.push(...result.versioning.closing);
  }
  return lines;
}
