/** Zapier's version numbers: `MAJOR.MINOR.PATCH`, optionally `-label` (a labelled version). */

export interface Version {
  major: number;
  minor: number;
  patch: number;
  /** `beta` of `1.2.3-beta`; undefined for an unlabelled version. */
  label?: string;
  text: string;
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z-]+))?$/;

/** The version `text` names, or undefined when it is no `X.Y.Z[-label]`. */
export function parseVersion(text: string): Version | undefined {
  const match = VERSION.exec(text.trim());
  if (match === null) {
    return undefined;
  }
  const [, major, minor, patch, label] = match;
  return {
    major: Number(major),
    minor: Number(minor),
    patch: Number(patch),
    ...(label === undefined ? {} : { label }),
    text: text.trim(),
  };
}

/** Negative when `a` comes before `b`, by number (labels are not ordered here). */
export function compareNumbers(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export const versionText = (major: number, minor: number, patch: number) =>
  `${major}.${minor}.${patch}`;
