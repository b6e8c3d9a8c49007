/**
 * `--previous` and `--versions`: this version against the previous public
 * one (Zapier's promotion guardrails, its versioning matrix, C001 to C003)
 * and against the versions already pushed (its push rules). One line per
 * change in the report's format, then the previous and this version,
 * whether existing Zaps break, and the version Zapier will require.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Output } from '../cli';
import type { AppDefinition } from '../definition';
import { AppLoadError } from '../load-app';
import { messageOf } from '../messages';
import { MARK } from '../report';
import type { Severity } from '../checks/check';
import type { Comparison, VersionChange } from './breaking-changes';
import { compareDefinitions } from './breaking-changes';
import { VersionInputError, readPreviousDefinition } from './previous';
import { judgePush, parseVersionList } from './push-rules';
import { MIGRATIONS, PUSH_RULES, RULES, breaksZaps } from './rules';
import type { Version } from './semver';
import { parseVersion, versionText } from './semver';

export interface VersionOptions {
  /** The previous public version: its app folder or definition.json. */
  previous?: string;
  /** A file listing the versions already pushed. */
  versions?: string;
}

const line = (severity: Severity | 'pass', id: string, text: string, link: string) =>
  `${MARK[severity]} ${id} ${severity.padEnd(7)} ${text}. ${link}`;

function versionOf(definition: AppDefinition, whose: string): Version {
  const version = parseVersion(definition.version ?? '');
  if (version === undefined) {
    throw new VersionInputError(
      `${whose} has version ${JSON.stringify(definition.version)}, not X.Y.Z`,
    );
  }
  return version;
}

function severityOf(change: VersionChange, majorRaised: boolean): Severity {
  if (change.undecided === true) {
    return 'deferred';
  }
  return breaksZaps(change.rule) && !majorRaised ? 'failure' : 'warning';
}

function changeLine(change: VersionChange, majorRaised: boolean): string {
  const severity = severityOf(change, majorRaised);
  const what =
    severity === 'deferred' ? `not decided offline: ${change.change}` : change.change;
  return line(severity, change.rule, `${change.where}: ${what}`, RULES[change.rule].link);
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

/** The comparison with the previous version; true when a breaking change lacks a new major. */
function reportPrevious(
  current: AppDefinition,
  previousDefinition: AppDefinition,
  source: string,
  out: (text: string) => void,
): boolean {
  const previous = versionOf(previousDefinition, source);
  const now = versionOf(current, 'this app');
  const comparison = compareDefinitions(previousDefinition, current);
  const majorRaised = now.major > previous.major;
  comparison.changes.forEach((change) => out(changeLine(change, majorRaised)));
  const breaking = comparison.changes.filter(
    (change) => breaksZaps(change.rule) && change.undecided !== true,
  ).length;
  const undecided = comparison.changes.filter(
    (change) => change.undecided === true,
  ).length;
  const required = requiredVersion(previous, breaking, comparison);
  if (majorRaised) {
    out(
      line(
        'warning',
        'migrate',
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
  return breaking > 0 && !majorRaised;
}

/** The push rules for this version; true when Zapier refuses the push. */
function reportPush(
  current: AppDefinition,
  versionsFile: string,
  out: (text: string) => void,
): boolean {
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
  out(
    verdict.allowed
      ? line('pass', 'push', `${verdict.reason}: nothing to change`, PUSH_RULES)
      : line('failure', 'push', verdict.reason, PUSH_RULES),
  );
  return !verdict.allowed;
}

/** Runs what `options` asks for on `current`; exit code 0, 1 (a rule refuses this version) or 2 (unreadable input). */
export async function checkVersions(
  current: AppDefinition,
  options: VersionOptions,
  output: Output,
): Promise<number> {
  try {
    let refused = false;
    if (options.previous !== undefined) {
      const previous = await readPreviousDefinition(options.previous);
      output.out(
        '==> against the previous version (https://docs.zapier.com/integrations/manage/versions)',
      );
      refused = reportPrevious(current, previous, options.previous, (text) =>
        output.out(text),
      );
    }
    if (options.versions !== undefined) {
      refused =
        reportPush(current, options.versions, (text) => output.out(text)) || refused;
    }
    return refused ? 1 : 0;
  } catch (error) {
    if (error instanceof VersionInputError || error instanceof AppLoadError) {
      output.err(`zapier-publishing-checks: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
