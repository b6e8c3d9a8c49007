/**
 * Zapier's push rules (2026-02-23) for an unlabelled version, offline: its
 * predecessor must exist, and it must not land behind a newer release on its
 * line.
 */
import type { Version } from '../shared/semver';
import { compareNumbers, versionText } from '../shared/semver';
import type { MessageOf } from './rules';

export interface PushVerdict {
  /** Whether Zapier accepts the push. */
  allowed: boolean;
  /** Why, as one of the push rule's messages; for a refused push, what to push first or instead. */
  messageId: MessageOf<'push'>;
  data: Record<string, string>;
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
    return { allowed: true, messageId: 'labelled', data: { next: next.text } };
  }
  const released = pushed.filter((version) => version.label === undefined);
  if (released.some((version) => compareNumbers(version, next) === 0)) {
    return { allowed: true, messageId: 'alreadyPushed', data: { next: next.text } };
  }
  const { major, minor, patch } = next;
  const predecessor = predecessorOf(next, released);
  if (predecessor !== undefined && !predecessor.found) {
    return {
      allowed: false,
      messageId: 'missingPredecessor',
      data: {
        next: next.text,
        wanted: predecessor.wanted,
        first: firstMissing(predecessor.first, released),
      },
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
      messageId: 'behind',
      data: { next: next.text, ahead: list(ahead) },
    };
  }
  return predecessor === undefined
    ? { allowed: true, messageId: 'noPredecessor', data: { next: next.text } }
    : {
        allowed: true,
        messageId: 'follows',
        data: {
          next: next.text,
          wanted: predecessor.wanted.replace(/^some /, 'a release of '),
        },
      };
}
