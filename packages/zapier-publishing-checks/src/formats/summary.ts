/** What a run found, counted as Zapier's summary counts its checks, and the entries a format prints. */
import type { IgnoreEntry } from '../config';
import type { LintResult } from '../lint';
import { RULES } from '../registry';
import type { ReportEntry, ResultStatus, RuleResult } from '../rule';
import { blocks, categoryUnconfirmed, entriesOf } from '../rule';

/**
 * Checks, each counted once: by its worst finding that counts; `ignored`
 * when the config ignores every finding it has; `off` when the config
 * turned it off. `warningFindings` is what `--max-warnings` counts.
 */
export interface Summary {
  checks: number;
  passed: number;
  errors: number;
  publishingTasks: number;
  warnings: number;
  deferred: number;
  ignored: number;
  off: number;
  /** Warnings one by one: each finding not ignored, and each ignore entry that matched nothing. */
  warningFindings: number;
}

/** Every entry of the checks and the versioning rules, in the order a report prints them. */
export const allEntries = (result: LintResult): ReportEntry[] => [
  ...entriesOf(result.results),
  ...(result.versioning?.entries ?? []),
];

/** Warnings that count for `--max-warnings`: findings not ignored, and config entries that match nothing. */
export const warningCount = (result: LintResult) =>
  allEntries(result).filter(
    (entry) => entry.ignored === undefined && entry.status === 'warning',
  ).length + result.config.unused.length;

const CHECK_IDS = new Set(RULES.map((rule) => rule.meta.id));

const allIgnored = (each: RuleResult) =>
  each.findings.length > 0 &&
  each.findings.every((finding) => finding.ignored !== undefined);

export function summaryOf(result: LintResult): Summary {
  const counted = result.results.filter((each) => !allIgnored(each));
  const count = (status: ResultStatus) =>
    counted.filter((each) => each.status === status).length;
  return {
    checks: result.results.length,
    passed: count('pass'),
    errors: count('error'),
    publishingTasks: count('publishing-task'),
    warnings: count('warning'),
    deferred: count('deferred'),
    ignored: result.results.length - counted.length,
    off: result.config.off.filter((id) => CHECK_IDS.has(id)).length,
    warningFindings: warningCount(result),
  };
}

/** What a deferred finding is, in a report's words: "not decided offline", or on a live run "not decided on this live run". */
export const notDecided = (result: Pick<LintResult, 'live'>) =>
  result.live === undefined ? 'not decided offline' : 'not decided on this live run';

export function summaryLine(result: LintResult): string {
  const counts = summaryOf(result);
  const config = [
    ...(counts.ignored > 0 ? [`${counts.ignored} ignored`] : []),
    ...(counts.off > 0 ? [`${counts.off} off`] : []),
  ];
  const oneByOne =
    counts.warningFindings === counts.warnings
      ? ''
      : ` (${counts.warningFindings} warning${counts.warningFindings === 1 ? '' : 's'} in all)`;
  return (
    `${counts.checks} checks: ${counts.passed} passed, ${counts.errors} with errors, ` +
    `${counts.publishingTasks} with publishing tasks, ${counts.warnings} with warnings${oneByOne}, ` +
    `${counts.deferred} ${notDecided(result)}${config.map((each) => `, ${each}`).join('')}.`
  );
}

/** What a finding's category rests on, where not on evidence: unconfirmed, or set by the team's config. */
export function categoryNote(entry: ReportEntry): string | undefined {
  if (categoryUnconfirmed(entry)) {
    return 'category unconfirmed';
  }
  return entry.status !== 'pass' && entry.meta.categorySetBy !== undefined
    ? `category set by ${entry.meta.categorySetBy}`
    : undefined;
}

/** `--quiet`: only what blocks (errors and publishing tasks) that the config does not ignore. */
export const shown = (entry: ReportEntry, quiet: boolean) =>
  !quiet || (entry.ignored === undefined && blocks(entry.status));

/** Where a config's ignore entry is written: its file and line when known (package.json for its key), else the config's source. */
export const entryPlace = (source: string | null, entry: IgnoreEntry) =>
  source !== null && entry.line !== undefined
    ? `${source.replace(/#.*$/, '')}:${entry.line}`
    : String(source);

/** The line a config's unused ignore entry prints as, ESLint's unused disable directive. */
export const unusedLine = (entry: { check: string; at: string }) =>
  `the ignore entry for ${entry.check} at "${entry.at}" matches no finding: remove it, or correct its place`;
