/**
 * This version against the previous public one (Zapier's promotion
 * guardrails, its versioning matrix, C001 to C003) and against the versions
 * already pushed (its push rules): one finding per change, then the previous
 * and this version, whether existing Zaps break, and the version Zapier will
 * require. Reads no file: the command hands it what it read.
 */
import type { ReportEntry, ResultStatus } from '../rule';
import { fillMessage } from '../rule';
import type { AppDefinition } from '../shared/definition';
import type { Version } from '../shared/semver';
import { CannotCheckError } from '../shared/messages';
import { compareNumbers, parseVersion, versionText } from '../shared/semver';
import type { Comparison, VersionChange } from './breaking-changes';
import { compareDefinitions } from './breaking-changes';
import { judgePush } from './push-rules';
import type { VersioningRuleId } from './rules';
import { VERSIONING_RULES, breaksZaps, pausesPromotion } from './rules';

/** What to compare with: the previous public version, and the versions already pushed. */
export interface VersionInputs {
  previous?: {
    definition: AppDefinition;
    /** Where it was read from, as the closing line names it. */
    source: string;
  };
  versions?: Version[];
}

/** What the versioning rules found: findings as the checks' report has them, then the closing lines. */
export interface VersionReport {
  entries: ReportEntry[];
  /** The previous and this version, whether existing Zaps break, the version Zapier will require. */
  closing: string[];
  /** A rule refuses this version: a breaking change without a new major, or a push Zapier refuses. */
  refused: boolean;
}

/** A definition's version is not X.Y.Z: nothing can be compared. */
export class VersionNumberError extends CannotCheckError {
  override name = 'VersionNumberError';
}

function versionOf(definition: AppDefinition, whose: string): Version {
  const version = parseVersion(definition.version ?? '');
  if (version === undefined) {
    throw new VersionNumberError(
      `${whose} has version ${JSON.stringify(definition.version)}, not X.Y.Z`,
    );
  }
  return version;
}

function found(
  rule: VersioningRuleId,
  status: ResultStatus,
  messageId: string,
  data: Record<string, string> | undefined,
  place: VersionChange['place'] = {},
): ReportEntry {
  const meta = VERSIONING_RULES[rule];
  const template = (meta.messages as Record<string, string>)[messageId] ?? messageId;
  return { meta, status, messageId, message: fillMessage(template, data), place };
}

/**
 * A change's status: a guardrail's blocks the promotion (a publishing task)
 * unless the major went up; every other is a warning: the versioning
 * matrix's Zapier does not check, Zap templates' it only advises.
 */
function statusOf(change: VersionChange, majorRaised: boolean): ResultStatus {
  return pausesPromotion(change.rule) && !majorRaised ? 'publishing-task' : 'warning';
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
  const closing: string[] = [];
  const out = (text: string) => closing.push(text);
  const previous = versionOf(previousDefinition, source);
  const now = versionOf(current, 'this app');
  const comparison = compareDefinitions(previousDefinition, current);
  const majorRaised = now.major > previous.major;
  const entries = comparison.changes.map((change) =>
    found(
      change.rule,
      statusOf(change, majorRaised),
      change.messageId,
      change.data,
      change.place,
    ),
  );
  const breaking = comparison.changes.filter((change) => breaksZaps(change.rule)).length;
  const pausing = comparison.changes.filter((change) =>
    pausesPromotion(change.rule),
  ).length;
  const required = requiredVersion(previous, breaking, comparison);
  if (majorRaised) {
    entries.push(
      found('migrate', 'warning', 'newMajor', {
        now: now.text,
        major: String(previous.major),
        previous: previous.text,
      }),
    );
  }
  const lower =
    compareNumbers(now, previous) < 0
      ? ', lower than the previous one: promoting it moves its users back to older code'
      : '';
  out(`previous version ${previous.text} (${source}), this version ${now.text}${lower}.`);
  out(
    `existing Zaps break: ${breaking > 0 ? `yes, ${breaking} breaking change${breaking === 1 ? '' : 's'} above` : 'no'}.`,
  );
  if (breaking > 0 && majorRaised) {
    out(
      `version Zapier will require: a new major, as ${now.text} is: its promotion goes ahead.`,
    );
  } else if (pausing > 0) {
    out(
      `version Zapier will require: ${required} (a new major): ${now.text} keeps major ${now.major}, so Zapier pauses its promotion.`,
    );
  } else if (breaking > 0) {
    out(
      `version Zapier will require: no new major (its promotion check does not read these changes); its versioning matrix advises ${required} (a new major).`,
    );
  } else {
    out(
      `version Zapier will require: no new major; by its numbering advice ${required} (${comparison.additions.length > 0 ? 'new functionality: a minor' : 'no new functionality: a patch'}).`,
    );
  }
  return { entries, closing, refused: pausing > 0 && !majorRaised };
}

/** The push rules for this version. */
function reportPush(current: AppDefinition, pushed: Version[]): VersionReport {
  const verdict = judgePush(versionOf(current, 'this app'), pushed);
  return {
    entries: [
      found('push', verdict.allowed ? 'pass' : 'error', verdict.messageId, verdict.data),
    ],
    closing: [],
    refused: !verdict.allowed,
  };
}

/** What `inputs` asks for on `current`; throws VersionNumberError when a version is not X.Y.Z. */
export function checkVersions(
  current: AppDefinition,
  inputs: VersionInputs,
): VersionReport {
  const reports: VersionReport[] = [];
  if (inputs.previous !== undefined) {
    reports.push(
      reportPrevious(current, inputs.previous.definition, inputs.previous.source),
    );
  }
  if (inputs.versions !== undefined) {
    reports.push(reportPush(current, inputs.versions));
  }
  return {
    entries: reports.flatMap((report) => report.entries),
    closing: reports.flatMap((report) => report.closing),
    refused: reports.some((report) => report.refused),
  };
}
