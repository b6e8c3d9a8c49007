/**
 * `--previous` and `--versions`: this version against the previous public
 * one (Zapier's promotion guardrails, its versioning matrix, C001 to C003)
 * and against the versions already pushed (its push rules). One line per
 * change in the report's format, then the previous and this version,
 * whether existing Zaps break, and the version Zapier will require.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { AppDefinition } from '../definition';
import { messageOf } from '../messages';
import type { ReportEntry } from '../report';
import type { Status } from '../runner';
import type { Comparison, VersionChange } from './breaking-changes';
import { compareDefinitions } from './breaking-changes';
import { VersionInputError, readPreviousDefinition } from './previous';
import { judgePush, parseVersionList } from './push-rules';
import { MIGRATIONS, PUSH_RULES, RULES, breaksZaps } from './rules';
import type { Version } from './semver';
import { parseVersion, versionText } from './semver';

export { VersionInputError };

export interface VersionOptions {
  /** The previous public version: its app folder or definition.json. */
  previous?: string;
  /** A file listing the versions already pushed. */
  versions?: string;
}

/** What `--previous` and `--versions` found: entries as the checks' report has them, then the closing lines. */
export interface VersionReport {
  entries: ReportEntry[];
  /** The previous and this version, whether existing Zaps break, the version Zapier will require. */
  closing: string[];
  /** A rule refuses this version: a breaking change without a new major, or a push Zapier refuses. */
  refused: boolean;
}

const STEP = /^(?:triggers|searches|creates|searchOrCreates)\./;

/** The step and field a change's `where` names (`triggers.new_lead, field page`). */
function locationOf(where: string): Pick<ReportEntry, 'step' | 'field'> {
  const [head = where, detail] = where.split(', ', 2);
  const step = STEP.test(head) ? head : null;
  if (detail === undefined) {
    return { step, field: step === null ? head : null };
  }
  return { step, field: detail.replace(/^(?:field|output field|sample key) /, '') };
}

const entry = (
  status: Status,
  id: string,
  where: string | null,
  message: string,
  link: string,
): ReportEntry => ({
  id,
  status,
  ...(where === null ? { step: null, field: null } : locationOf(where)),
  message: where === null ? message : `${where}: ${message}`,
  link,
});

function versionOf(definition: AppDefinition, whose: string): Version {
  const version = parseVersion(definition.version ?? '');
  if (version === undefined) {
    throw new VersionInputError(
      `${whose} has version ${JSON.stringify(definition.version)}, not X.Y.Z`,
    );
  }
  return version;
}

function severityOf(change: VersionChange, majorRaised: boolean): Status {
  if (change.undecided === true) {
    return 'deferred';
  }
  return breaksZaps(change.rule) && !majorRaised ? 'failure' : 'warning';
}

function changeEntry(change: VersionChange, majorRaised: boolean): ReportEntry {
  const severity = severityOf(change, majorRaised);
  const what =
    severity === 'deferred' ? `not decided offline: ${change.change}` : change.change;
  return entry(severity, change.rule, change.where, what, RULES[change.rule].link);
}

/** What the next version must be: a new major for a breaking change, else Zapier's numbering advice. */
function requiredVersion(
  previous: Version,
  breaking: number,
  comparison: Comparison,
): string {
  if (breaking > 0) {
    return versionText(previous.major + 1, 0, 0);
  }
  return comparison.additions.length > 0
    ? versionText(previous.major, previous.minor + 1, 0)
    : versionText(previous.major, previous.minor, previous.patch + 1);
}

/** The comparison with the previous version. */
function reportPrevious(
  current: AppDefinition,
  previousDefinition: AppDefinition,
  source: string,
): VersionReport {
  const entries: ReportEntry[] = [];
  const closing: string[] = [];
  const out = (text: string) => closing.push(text);
  const previous = versionOf(previousDefinition, source);
  const now = versionOf(current, 'this app');
  const comparison = compareDefinitions(previousDefinition, current);
  const majorRaised = now.major > previous.major;
  comparison.changes.forEach((change) => entries.push(changeEntry(change, majorRaised)));
  const breaking = comparison.changes.filter(
    (change) => breaksZaps(change.rule) && change.undecided !== true,
  ).length;
  const undecided = comparison.changes.filter(
    (change) => change.undecided === true,
  ).length;
  const required = requiredVersion(previous, breaking, comparison);
  if (majorRaised) {
    entries.push(
      entry(
        'warning',
        'migrate',
        null,
        `${now.text}: users of ${previous.major}.x are not migrated to it (Zapier migrates within one major only): they update their Zaps by hand, or ${previous.text} gets deprecated`,
        MIGRATIONS,
      ),
    );
  }
  out(`previous version ${previous.text} (${source}), this version ${now.text}.`);
  out(
    `existing Zaps break: ${breaking > 0 ? `yes, ${breaking} breaking change${breaking === 1 ? '' : 's'} above` : 'no'}${undecided > 0 ? ` (${undecided} not decided offline)` : ''}.`,
  );
  if (breaking > 0) {
    out(
      majorRaised
        ? `version Zapier will require: a new major, as ${now.text} is: its promotion goes ahead.`
        : `version Zapier will require: ${required} (a new major): ${now.text} keeps major ${now.major}, so Zapier pauses its promotion.`,
    );
  } else {
    out(
      `version Zapier will require: no new major; by its numbering advice ${required} (${comparison.additions.length > 0 ? 'new functionality: a minor' : 'no new functionality: a patch'}).`,
    );
  }
  return { entries, closing, refused: breaking > 0 && !majorRaised };
}

/** The push rules for this version. */
function reportPush(current: AppDefinition, versionsFile: string): VersionReport {
  const path = resolve(versionsFile);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new VersionInputError(
      `cannot read the versions file ${path}: ${messageOf(error)}`,
    );
  }
  const verdict = judgePush(versionOf(current, 'this app'), parseVersionList(text, path));
  return {
    entries: [
      verdict.allowed
        ? entry('pass', 'push', null, `${verdict.reason}: nothing to change`, PUSH_RULES)
        : entry('failure', 'push', null, verdict.reason, PUSH_RULES),
    ],
    closing: [],
    refused: !verdict.allowed,
  };
}

/**
 * What `options` asks for on `current`; throws VersionInputError when a file
 * or folder it names cannot be read.
 */
export async function checkVersions(
  current: AppDefinition,
  options: VersionOptions,
): Promise<VersionReport> {
  const reports: VersionReport[] = [];
  if (options.previous !== undefined) {
    const previous = await readPreviousDefinition(options.previous);
    reports.push(reportPrevious(current, previous, options.previous));
  }
  if (options.versions !== undefined) {
    reports.push(reportPush(current, options.versions));
  }
  return {
    entries: reports.flatMap((report) => report.entries),
    closing: reports.flatMap((report) => report.closing),
    refused: reports.some((report) => report.refused),
  };
}
