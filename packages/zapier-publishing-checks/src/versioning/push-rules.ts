/**
 * Zapier's push rules (2026-02-23) for an unlabelled version, offline: its
 * predecessor must exist, and it must not land behind a newer release on its
 * line. The versions already pushed come as `zapier-platform versions
 * --format json` prints them (`[{ "Version": … }]`), its `raw` rows
 * (`version`), a JSON list of strings, or one version per line.
 */
import type { Version } from './semver';
import { compareNumbers, parseVersion, versionText } from './semver';
import { VersionInputError } from './previous';
import { isRecord } from '../definition';
import { messageOf } from '../messages';

function versionTextsOf(text: string): string[] {
  if (!/^\s*[[{]/.test(text)) {
    return text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new VersionInputError(`the versions file is no JSON: ${messageOf(error)}`);
  }
  const rows =
    isRecord(parsed) && Array.isArray(parsed.versions) ? parsed.versions : parsed;
  if (!Array.isArray(rows)) {
    throw new VersionInputError(
      'the versions file is JSON but no list: give what zapier-platform versions --all --format json prints, or one version per line',
    );
  }
  return (rows as unknown[]).map((row) => {
    const value: unknown = isRecord(row) ? (row.Version ?? row.version) : row;
    if (typeof value !== 'string') {
      throw new VersionInputError(
        `the versions file has an entry without a version: ${JSON.stringify(row)}`,
      );
    }
    return value;
  });
}

/** The versions already pushed, read from `text`; `source` names the file in errors. */
export function parseVersionList(text: string, source: string): Version[] {
  return versionTextsOf(text).map((entry) => {
    const version = parseVersion(entry);
    if (version === undefined) {
      throw new VersionInputError(
        `${source}: "${entry}" is no version (X.Y.Z or X.Y.Z-label)`,
      );
    }
    return version;
  });
}

export interface PushVerdict {
  /** Whether Zapier accepts the push. */
  allowed: boolean;
  /** Why, in words; for a refused push, what to push first or instead. */
  reason: string;
}

const list = (versions: Version[]) => versions.map((version) => version.text).join(', ');

interface Predecessor {
  /** What must exist, in words: `1.2.2`, `some 1.1.x`. */
  wanted: string;
  found: boolean;
  /** The first version that would satisfy it. */
  first: Version;
}

const unlabelled = (major: number, minor: number, patch: number): Version => ({
  major,
  minor,
  patch,
  text: versionText(major, minor, patch),
});

/** What an unlabelled `version` needs pushed before it; undefined for 1.0.0 and X.0.0 with nothing before. */
function predecessorOf(version: Version, released: Version[]): Predecessor | undefined {
  const { major, minor, patch } = version;
  if (patch > 0) {
    return {
      wanted: versionText(major, minor, patch - 1),
      found: released.some(
        (v) => v.major === major && v.minor === minor && v.patch === patch - 1,
      ),
      first: unlabelled(major, minor, patch - 1),
    };
  }
  if (minor > 0) {
    return {
      wanted: `some ${major}.${minor - 1}.x`,
      found: released.some((v) => v.major === major && v.minor === minor - 1),
      first: unlabelled(major, minor - 1, 0),
    };
  }
  if (major > 1) {
    return {
      wanted: `some ${major - 1}.x.x`,
      found: released.some((v) => v.major === major - 1),
      first: unlabelled(major - 1, 0, 0),
    };
  }
  return undefined;
}

/**
 * The version to push first when `missing` is not pushed: walking back while
 * the missing version's own predecessor is missing too, the first one that
 * Zapier would accept (4.3.6 for 4.3.8 after 4.3.5).
 */
function firstMissing(missing: Version, released: Version[]): string {
  let first = missing;
  for (
    let before = predecessorOf(first, released);
    before !== undefined && !before.found;
    before = predecessorOf(first, released)
  ) {
    first = before.first;
  }
  return first.text;
}

/** What a push of `next` meets, given the versions already pushed. */
export function judgePush(next: Version, pushed: Version[]): PushVerdict {
  if (next.label !== undefined) {
    return {
      allowed: true,
      reason: `${next.text} is labelled: the push rules do not apply to it`,
    };
  }
  const released = pushed.filter((version) => version.label === undefined);
  if (released.some((version) => compareNumbers(version, next) === 0)) {
    return {
      allowed: true,
      reason: `${next.text} is already pushed: a push replaces it, the rules for a new version do not apply`,
    };
  }
  const { major, minor, patch } = next;
  const predecessor = predecessorOf(next, released);
  if (predecessor !== undefined && !predecessor.found) {
    return {
      allowed: false,
      reason: `${next.text} requires ${predecessor.wanted} to exist: push ${firstMissing(predecessor.first, released)} first (or number this version after what exists)`,
    };
  }
  const ahead = released.filter(
    (v) =>
      (v.major === major && v.minor === minor && v.patch > patch) ||
      (patch === 0 && v.major === major && v.minor > minor) ||
      (patch === 0 && minor === 0 && v.major > major),
  );
  if (ahead.length > 0) {
    return {
      allowed: false,
      reason: `${next.text} would land behind ${list(ahead)} on its line: push a version after them instead`,
    };
  }
  return {
    allowed: true,
    reason:
      predecessor === undefined
        ? `${next.text} needs no predecessor`
        : `${next.text} follows ${predecessor.wanted.replace(/^some /, 'a release of ')}`,
  };
}
