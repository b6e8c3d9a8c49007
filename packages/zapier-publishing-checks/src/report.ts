/**
 * One entry per finding (one per passing check): ID, status, where, what to
 * change, and Zapier's reference for the ID; as lines for a person, or as
 * fields for a program (`--format json`).
 */
import type { CheckResult, Status } from './runner';
import { referenceFor } from './runner';

export interface ReportEntry {
  id: string;
  status: Status;
  /** The trigger, search or create the finding names (`triggers.new_lead`), or null. */
  step: string | null;
  /** The definition path the finding names, within its step (`operation.inputFields[0]`) or the app (`authentication.connectionLabel`), or null. */
  field: string | null;
  message: string;
  link: string;
}

const MARK = { pass: '✔', warning: '!', failure: '✖', deferred: '?' } as const;

/** ANSI colours of each mark, for a terminal only. */
const COLOUR = { pass: 32, warning: 33, failure: 31, deferred: 90 } as const;

/** A step's path, then what follows it up to the first space or colon: `triggers.x.operation.inputFields[0]`. */
const STEP_PATH =
  /^((?:triggers|searches|creates|searchOrCreates|searchAndCreates)\.[^\s.:[]+)([^\s:]*)/;
/** An app-level definition path: `authentication.connectionLabel`, `flags.cleanInputData`. */
const APP_PATH =
  /^((?:authentication|flags|requestTemplate|beforeRequest|afterResponse)(?:[.[][^\s:]*)?)/;

/** Where a finding's message says it is: findings start with the definition path they name. */
function whereOf(message: string): Pick<ReportEntry, 'step' | 'field'> {
  const step = STEP_PATH.exec(message);
  if (step !== null) {
    const field = (step[2] ?? '').replace(/^\./, '');
    return { step: step[1] ?? null, field: field === '' ? null : field };
  }
  const app = APP_PATH.exec(message);
  return { step: null, field: app?.[1] ?? null };
}

export function reportEntries(results: CheckResult[]): ReportEntry[] {
  return results.flatMap((result): ReportEntry[] => {
    const link = referenceFor(result.id);
    if (result.findings.length === 0) {
      return [
        {
          id: result.id,
          status: result.status,
          step: null,
          field: null,
          message: `${result.requirement}: nothing to change`,
          link,
        },
      ];
    }
    return result.findings.map((finding) => ({
      id: result.id,
      status: finding.severity,
      ...whereOf(finding.change),
      message: finding.change,
      link,
    }));
  });
}

/** One entry as a line: `<mark> <ID> <status> <message>. <link>`; `colour`: the mark in colour (a terminal only). */
export function entryLine(entry: ReportEntry, colour = false): string {
  const mark = colour
    ? `\u001b[${COLOUR[entry.status]}m${MARK[entry.status]}\u001b[39m`
    : MARK[entry.status];
  return `${mark} ${entry.id} ${entry.status.padEnd(7)} ${entry.message}. ${entry.link}`;
}

export function reportLines(results: CheckResult[], colour = false): string[] {
  return reportEntries(results).map((entry) => entryLine(entry, colour));
}

export interface Summary {
  checks: number;
  passed: number;
  warnings: number;
  failed: number;
  deferred: number;
}

export function summaryCounts(results: CheckResult[]): Summary {
  const count = (status: Status) =>
    results.filter((result) => result.status === status).length;
  return {
    checks: results.length,
    passed: count('pass'),
    warnings: count('warning'),
    failed: count('failure'),
    deferred: count('deferred'),
  };
}

export function summary(results: CheckResult[]): string {
  const counts = summaryCounts(results);
  return (
    `${counts.checks} checks: ${counts.passed} passed, ${counts.warnings} with warnings, ` +
    `${counts.failed} failed, ${counts.deferred} not decided offline.`
  );
}
